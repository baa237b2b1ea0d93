//! Library prototypes a program never names, left out of the lowering.
//!
//! Every translation unit includes regcause's headers, and lowering their hundred-odd
//! prototypes (types, parameter lists, the function table) was most of what loading a
//! small program cost, paid again by every tree of a hunk search. A prototype whose name
//! occurs nowhere else in the program (no call, no address taken, no other declaration
//! or definition) has no effect on it, so it is skipped. Only prototypes in the bundled
//! headers are skipped: the program's own declarations are lowered and checked as
//! written.

use std::collections::HashSet;

use lang_c::ast::{
    DeclaratorKind, DerivedDeclarator, ExternalDeclaration, Identifier, StorageClassSpecifier,
};
use lang_c::span::{Node, Span};
use lang_c::visit::{self, Visit};

use super::ParsedUnit;

/// The names a header prototype `d` declares, if it is one: only function declarators
/// naming an identifier, no storage class but `extern`, no initialiser.
fn prototype_names(d: &lang_c::ast::Declaration) -> Option<Vec<&str>> {
    for s in &d.specifiers {
        if let lang_c::ast::DeclarationSpecifier::StorageClass(sc) = &s.node {
            if !matches!(sc.node, StorageClassSpecifier::Extern) {
                return None;
            }
        }
    }
    let mut names = Vec::new();
    for id in &d.declarators {
        let dc = &id.node.declarator.node;
        let DeclaratorKind::Identifier(name) = &dc.kind.node else {
            return None;
        };
        let function = dc.derived.iter().any(|x| {
            matches!(
                x.node,
                DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_)
            )
        });
        if !function || id.node.initializer.is_some() {
            return None;
        }
        names.push(name.node.name.as_str());
    }
    (!names.is_empty()).then_some(names)
}

/// Identifiers named anywhere in what it visits.
struct Named<'a>(HashSet<&'a str>);

impl<'a> Visit<'a> for Named<'a> {
    fn visit_identifier(&mut self, identifier: &'a Identifier, span: &'a Span) {
        self.0.insert(identifier.name.as_str());
        visit::visit_identifier(self, identifier, span);
    }
}

/// For each unit, which of its external declarations are header prototypes of names the
/// program never uses.
pub(super) fn unused_prototypes(units: &[&ParsedUnit]) -> Vec<HashSet<usize>> {
    let in_header = |u: &ParsedUnit, i: usize, ext: &Node<ExternalDeclaration>| {
        let at = ext
            .span
            .start
            .wrapping_add_signed(u.bases.get(i).copied().unwrap_or(0));
        u.lines.locate(at).0.starts_with('<')
    };
    let mut candidates: Vec<Vec<(usize, Vec<&str>)>> = Vec::with_capacity(units.len());
    let mut named = Named(HashSet::new());
    for u in units {
        let mut mine = Vec::new();
        for (i, ext) in u.unit.iter().enumerate() {
            let proto = match &ext.node {
                ExternalDeclaration::Declaration(d) if in_header(u, i, ext) => {
                    prototype_names(&d.node)
                }
                _ => None,
            };
            match proto {
                Some(names) => mine.push((i, names)),
                None => visit::visit_external_declaration(&mut named, &ext.node, &ext.span),
            }
        }
        candidates.push(mine);
    }
    candidates
        .into_iter()
        .map(|mine| {
            mine.into_iter()
                .filter(|(_, names)| !names.iter().any(|n| named.0.contains(n)))
                .map(|(i, _)| i)
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::frontend::{load, ProgramSpec};

    fn functions(src: &str) -> Vec<String> {
        let dir = tempfile::tempdir().expect("temporary directory");
        let file = dir.path().join("p.c");
        std::fs::write(&file, src).expect("write");
        let spec = ProgramSpec {
            name: "p".into(),
            sources: vec![file],
            workdir: dir.path().to_path_buf(),
            ..ProgramSpec::default()
        };
        let prog = load(dir.path(), &spec).expect("loads");
        prog.functions.iter().map(|f| f.name.clone()).collect()
    }

    #[test]
    fn only_the_library_functions_a_program_names_are_lowered() {
        let f = functions(
            "#include <stdio.h>\n#include <stdlib.h>\n\
             static int (*say)(const char *) = puts;\n\
             int system(const char *c) { return c[0]; }\n\
             int main(void) { printf(\"%d\\n\", system(\"x\")); return say(\"y\") < 0; }\n",
        );
        for used in ["printf", "puts", "system", "main"] {
            assert!(f.iter().any(|n| n == used), "{used} missing from {f:?}");
        }
        for unused in ["fputs", "qsort", "fopen"] {
            assert!(!f.iter().any(|n| n == unused), "{unused} lowered: {f:?}");
        }
    }

    #[test]
    fn the_programs_own_prototypes_are_kept() {
        let f = functions("int helper(int);\nint main(void) { return 0; }\n");
        assert!(f.iter().any(|n| n == "helper"), "{f:?}");
    }
}
