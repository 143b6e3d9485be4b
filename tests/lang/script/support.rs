//! A sandbox with a seeded roller and a capturing host, plus helpers that summarise a
//! diagnostic as `code | message | file:line:column` so each test states exactly what it
//! expects.

use std::cell::RefCell;
use std::rc::Rc;

use mythforge::diagnostics::{Diagnostic, FileId, RenderStyle, SourceMap, render};
use mythforge::dice::Roller;
use mythforge::script::{CompiledScript, DiceHost, Dynamic, Sandbox, ScriptLimits};

/// Everything a script test needs.
pub struct Fixture {
    pub sandbox: Sandbox,
    pub host: Rc<RefCell<DiceHost>>,
    pub roller: Rc<RefCell<Roller>>,
    pub sources: SourceMap,
}

impl Fixture {
    pub fn new() -> Self {
        Fixture::with_limits(ScriptLimits::default())
    }

    pub fn with_limits(limits: ScriptLimits) -> Self {
        let roller = Rc::new(RefCell::new(Roller::new(7)));
        let host = Rc::new(RefCell::new(DiceHost::new(Rc::clone(&roller))));
        let sandbox = Sandbox::new(limits, host.clone());
        Fixture { sandbox, host, roller, sources: SourceMap::new() }
    }

    pub fn add(&mut self, name: &str, text: &str) -> FileId {
        self.sources.add(name, text)
    }

    pub fn load(&mut self, name: &str, text: &str) -> Result<CompiledScript, Diagnostic> {
        let file = self.add(name, text);
        self.sandbox.compile(&self.sources, file)
    }

    /// Loads `text` (which must compile) and calls `function` with no arguments.
    pub fn run(&mut self, text: &str, function: &str) -> Result<Dynamic, Diagnostic> {
        let script = match self.load("scripts/test.rhai", text) {
            Ok(script) => script,
            Err(diagnostic) => panic!("script did not compile: {}", self.summary(&diagnostic)),
        };
        self.sandbox.call(&script, function, Vec::new(), None)
    }

    /// `code | message | file:line:column` of the primary label.
    pub fn summary(&self, diagnostic: &Diagnostic) -> String {
        let span = diagnostic.primary_span();
        let position = self.sources.line_col(span).map_or("-".to_string(), |p| {
            let name = &self.sources.get(span.file).expect("file").name;
            format!("{name}:{}:{}", p.line, p.column)
        });
        format!("{} | {} | {position}", diagnostic.code, diagnostic.message)
    }

    pub fn render(&self, diagnostic: &Diagnostic) -> String {
        render(diagnostic, &self.sources, RenderStyle::Plain)
    }
}

/// The error of a call that must fail.
pub fn failure(result: Result<Dynamic, Diagnostic>) -> Diagnostic {
    match result {
        Ok(value) => panic!("expected an error, got a value of type {}", value.type_name()),
        Err(diagnostic) => diagnostic,
    }
}
