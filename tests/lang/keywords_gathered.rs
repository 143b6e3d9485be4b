//! `keywords::gather` (the loop a power use runs once per use) yields exactly what
//! `keywords::of` yields, in the same order, for every power of every built-in pack, unarmed
//! and with every weapon and armour of its pack.

use mythforge::diagnostics::SourceMap;
use mythforge::model::keywords;
use mythforge::model::{BlockBody, BlockKind};

#[test]
fn gathering_a_powers_keywords_matches_reading_them_one_by_one() {
    let mut compared = 0;
    let mut armed = 0;
    for pack in mythforge::session::embedded::packs() {
        let mut sources = SourceMap::default();
        let (parsed, _) = pack.parse(&mut sources);
        let gear: Vec<_> = parsed
            .blocks()
            .filter(|b| matches!(b.node.kind.node, BlockKind::Weapon | BlockKind::Armour))
            .map(|b| &b.node)
            .collect();
        for block in parsed.blocks() {
            let BlockBody::Power(lines) = &block.node.body else { continue };
            for weapon in std::iter::once(None).chain(gear.iter().copied().map(Some)) {
                let mut gathered = Vec::new();
                keywords::gather(lines, weapon, &mut gathered);
                let read: Vec<&str> = keywords::of(lines, weapon).collect();
                assert_eq!(
                    gathered,
                    read,
                    "{} with {:?}",
                    block.node.name.node.as_str(),
                    weapon.map(|w| w.name.node.as_str())
                );
                compared += 1;
                armed += usize::from(read.contains(&keywords::WEAPON));
            }
        }
    }
    // Every pack's powers, with and without gear; some of them take a weapon's words.
    assert!(compared > 1000, "{compared}");
    assert!(armed > 100, "{armed}");
}
