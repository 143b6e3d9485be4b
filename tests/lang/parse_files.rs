//! A pack's files parsed together (`parse::parse_files`, two threads when there are two
//! cores) give exactly what parsing them one after the other gives: the same lowered files
//! in the same order, and the same diagnostics.

use std::path::Path;

use mythforge::diagnostics::SourceMap;

#[test]
fn files_parsed_together_equal_files_parsed_one_by_one() {
    let texts: Vec<String> = (0..7)
        .map(|i| {
            let padding = "# a comment to weigh the file\n".repeat(i * 13);
            format!("{padding}power Jab {i}\nTarget: Enemy in {i}\nResult: [Attack + {i}] damage\nOops {i}: x\n")
        })
        .collect();
    let mut sources = SourceMap::new();
    let files: Vec<_> = texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let name = format!("f{i}.rules");
            (sources.add(name.clone(), text.as_str()), name)
        })
        .collect();
    let listed: Vec<_> = files
        .iter()
        .zip(&texts)
        .map(|((id, name), text)| (*id, Path::new(name.as_str()), text.as_str()))
        .collect();
    let together = mythforge::parse::parse_files(&listed);
    let one_by_one: Vec<_> = listed
        .iter()
        .map(|(id, path, text)| mythforge::parse::parse_file(*id, path, text))
        .collect();
    assert_eq!(together.len(), 7);
    assert_eq!(format!("{together:?}"), format!("{one_by_one:?}"));
    // Each file's own error, in its own file.
    for (index, (_, diagnostics)) in together.iter().enumerate() {
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        assert_eq!(diagnostics[0].primary_span().file, files[index].0);
    }
}
