//! Which translation units a program links, as a linker pulls members out of a static
//! library: the units defining `main`, then, until nothing changes, every unit defining
//! a name with external linkage that a linked unit names and no linked unit defines.
//!
//! Automatic mode hands the front end every `.c` file of the tree: a vendored test
//! framework's examples (cJSON's `tests/unity/examples`) define the same functions
//! several times over, and a fuzzing driver another `main`. A unit nothing names is
//! never entered and its objects never read (C runs no code before `main`), so leaving
//! it out changes no run; linking it made such trees fail to load.
//!
//! Names are over-approximated (any identifier outside a function prototype counts,
//! struct members and labels included): a unit pulled in needlessly is what happened
//! before; a unit left out that the program needed would not be.

use std::collections::HashSet;

use lang_c::ast::{
    DeclarationSpecifier, DeclaratorKind, DerivedDeclarator, ExternalDeclaration, Identifier,
    InitDeclarator, StorageClassSpecifier,
};
use lang_c::span::{Node, Span};
use lang_c::visit::{self, Visit};

use super::{declared_ident as declared, ParsedUnit};

/// What one unit offers the link and asks of it.
struct Unit<'a> {
    /// Names with external linkage it defines (functions with bodies, objects).
    defines: HashSet<&'a str>,
    /// Identifiers it names outside function prototypes.
    names: HashSet<&'a str>,
}

/// Identifiers named anywhere in what it visits.
struct Names<'a>(HashSet<&'a str>);

impl<'a> Visit<'a> for Names<'a> {
    fn visit_identifier(&mut self, identifier: &'a Identifier, span: &'a Span) {
        self.0.insert(identifier.name.as_str());
        visit::visit_identifier(self, identifier, span);
    }
}

fn storage<'a>(
    specifiers: impl IntoIterator<Item = &'a Node<DeclarationSpecifier>>,
) -> Option<StorageClassSpecifier> {
    specifiers.into_iter().find_map(|s| match &s.node {
        DeclarationSpecifier::StorageClass(sc) => Some(sc.node.clone()),
        _ => None,
    })
}

fn is_function(d: &InitDeclarator) -> bool {
    d.declarator.node.derived.iter().any(|x| {
        matches!(
            x.node,
            DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_)
        )
    }) && matches!(d.declarator.node.kind.node, DeclaratorKind::Identifier(_))
}

impl<'a> Unit<'a> {
    fn of(u: &'a ParsedUnit) -> Unit<'a> {
        let mut defines = HashSet::new();
        let mut names = Names(HashSet::new());
        for ext in &u.unit {
            match &ext.node {
                ExternalDeclaration::FunctionDefinition(fd) => {
                    if storage(&fd.node.specifiers) != Some(StorageClassSpecifier::Static) {
                        defines.extend(declared(&fd.node.declarator.node));
                    }
                    visit::visit_external_declaration(&mut names, &ext.node, &ext.span);
                }
                ExternalDeclaration::Declaration(d) => {
                    let sc = storage(&d.node.specifiers);
                    let prototypes = d
                        .node
                        .declarators
                        .iter()
                        .all(|i| is_function(&i.node) && i.node.initializer.is_none());
                    if prototypes && !d.node.declarators.is_empty() {
                        // A prototype asks for nothing until something names it.
                        continue;
                    }
                    for i in &d.node.declarators {
                        let object = !is_function(&i.node);
                        let defining = match sc {
                            None => object,
                            Some(StorageClassSpecifier::Extern) => {
                                object && i.node.initializer.is_some()
                            }
                            _ => false,
                        };
                        if defining {
                            defines.extend(declared(&i.node.declarator.node));
                        }
                    }
                    visit::visit_external_declaration(&mut names, &ext.node, &ext.span);
                }
                ExternalDeclaration::StaticAssert(_) => {}
            }
        }
        Unit {
            defines,
            names: names.0,
        }
    }
}

/// Per unit, whether the program links it. Without a unit defining `main` every unit
/// is kept (lowering says what is missing).
pub(super) fn linked(units: &[ParsedUnit]) -> Vec<bool> {
    let info: Vec<Unit> = units.iter().map(Unit::of).collect();
    let mut keep: Vec<bool> = info.iter().map(|u| u.defines.contains("main")).collect();
    if !keep.iter().any(|k| *k) {
        return vec![true; units.len()];
    }
    let mut defined: HashSet<&str> = HashSet::new();
    let mut wanted: Vec<&str> = Vec::new();
    for (u, _) in info.iter().zip(&keep).filter(|(_, k)| **k) {
        defined.extend(u.defines.iter().copied());
        wanted.extend(u.names.iter().copied());
    }
    while let Some(name) = wanted.pop() {
        if defined.contains(name) {
            continue;
        }
        for (k, u) in info.iter().enumerate() {
            if !keep[k] && u.defines.contains(name) {
                keep[k] = true;
                defined.extend(u.defines.iter().copied());
                wanted.extend(u.names.iter().copied());
            }
        }
        // Not defined by any unit: a library function, or an error lowering reports.
        defined.insert(name);
    }
    keep
}

#[cfg(test)]
mod tests {
    use crate::exec::{run, Limits, RunInput};
    use crate::frontend::{load, ProgramSpec};

    /// The files of a program as automatic mode gives them: every `.c` file, `main`'s
    /// first.
    fn load_files(files: &[(&str, &str)]) -> Result<crate::ir::Program, String> {
        let dir = tempfile::tempdir().expect("temporary directory");
        let mut sources = Vec::new();
        for (name, text) in files {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(&p, text).expect("write");
            sources.push(p);
        }
        let spec = ProgramSpec {
            name: "t".into(),
            sources,
            workdir: dir.path().to_path_buf(),
            ..ProgramSpec::default()
        };
        load(dir.path(), &spec).map_err(|e| e.to_string())
    }

    /// A unit is linked when a linked unit names what it defines, through any number of
    /// units (a function, a global object); units nothing names are not, even when they
    /// define the same function twice (a vendored framework's examples) and would not
    /// load together.
    #[test]
    fn units_are_linked_as_the_program_needs_them() {
        let prog = load_files(&[
            (
                "test.c",
                "#include <stdio.h>\nint lib_a(int);\nextern int counter;\nint main(void) { printf(\"%d\\n\", lib_a(2) + counter); return 0; }\n",
            ),
            ("lib/a.c", "int helper(int);\nint lib_a(int x) { return helper(x) * 10; }\n"),
            ("lib/b.c", "int helper(int x) { return x + 1; }\n"),
            ("lib/data.c", "int counter = 7;\nstatic int unused_static(void) { return 0; }\n"),
            ("examples/one.c", "int example(void) { return 1; }\n"),
            ("examples/two.c", "int example(void) { return 2; }\nint helper2(void) { return example(); }\n"),
        ])
        .expect("loads");
        let names: Vec<&str> = prog.functions.iter().map(|f| f.name.as_str()).collect();
        for f in ["main", "lib_a", "helper"] {
            assert!(names.contains(&f), "{f} missing from {names:?}");
        }
        for f in ["example", "helper2"] {
            assert!(!names.contains(&f), "{f} linked: {names:?}");
        }
        let r = run(&prog, &RunInput::default(), Limits::default());
        assert_eq!(String::from_utf8_lossy(&r.stdout), "37\n");
    }

    /// A function pointer in an initialiser names its function (tinyexpr's table of
    /// `{"fac", fac}`), and two units defining what the program needs still both load,
    /// so the redefinition is reported as before.
    #[test]
    fn names_in_initialisers_link_and_needed_duplicates_are_reported() {
        let prog = load_files(&[
            (
                "test.c",
                "int fac(int);\nstatic int (*table[])(int) = { fac };\nint main(void) { return table[0](3) != 6; }\n",
            ),
            ("fac.c", "int fac(int n) { return n < 2 ? 1 : n * fac(n - 1); }\n"),
        ])
        .expect("loads");
        assert_eq!(
            run(&prog, &RunInput::default(), Limits::default()).outcome,
            crate::exec::Outcome::Exit(0)
        );
        let err = load_files(&[
            ("test.c", "int f(void);\nint main(void) { return f(); }\n"),
            ("one.c", "int f(void) { return 1; }\n"),
            ("two.c", "int f(void) { return 2; }\n"),
        ])
        .expect_err("two definitions of a needed function");
        assert!(err.contains("redefinition of function `f`"), "{err}");
    }
}
