//! GNU attributes (`__attribute__((...))`), accepted in every position lang-c parses
//! them. Most only guide gcc's warnings or optimiser and change nothing a program at
//! -O0 computes; those that change layout or behaviour (and that regcause does not
//! model) are rejected with a located message rather than silently ignored.

use lang_c::ast::Extension;
use lang_c::span::Node;

use super::{Cx, R};

/// Attributes with no effect on what a program computes at -O0 in the interpreter.
const HARMLESS: &[&str] = &[
    "unused",
    "used",
    "maybe_unused",
    "noinline",
    "noipa",
    "noclone",
    "always_inline",
    "gnu_inline",
    "artificial",
    "flatten",
    "hot",
    "cold",
    "pure",
    "const",
    "noreturn",
    "nothrow",
    "leaf",
    "malloc",
    "alloc_size",
    "alloc_align",
    "format",
    "format_arg",
    "nonnull",
    "returns_nonnull",
    "returns_twice",
    "warn_unused_result",
    "deprecated",
    "unavailable",
    "sentinel",
    "visibility",
    "externally_visible",
    "no_instrument_function",
    "no_sanitize",
    "no_sanitize_address",
    "no_sanitize_undefined",
    "no_stack_protector",
    "no_reorder",
    "optimize",
    "fallthrough",
    "access",
    "nonstring",
    "warning",
    "error",
    "section",
    "weak",
    "may_alias",
    "designated_init",
    "copy",
    "noplt",
    "no_icf",
    "tainted_args",
    "assume_aligned",
    "zero_call_used_regs",
];

/// `__name__` and `name` are the same attribute.
fn canonical(name: &str) -> &str {
    name.strip_prefix("__")
        .and_then(|n| n.strip_suffix("__"))
        .unwrap_or(name)
}

impl<'u> Cx<'u> {
    /// Check the attributes (and asm labels) of one position.
    pub fn check_extensions(&mut self, exts: &[Node<Extension>]) -> R<()> {
        for e in exts {
            match &e.node {
                Extension::Attribute(a) => {
                    let name = canonical(&a.name.node);
                    if !HARMLESS.contains(&name) {
                        let why = match name {
                            "aligned" | "packed" | "mode" | "vector_size" => " (changes layout)",
                            _ => "",
                        };
                        return self.unsupported(e.span, format!("attribute `{name}`{why}"));
                    }
                }
                Extension::AsmLabel(_) => {
                    return self.unsupported(e.span, "asm label (renamed symbol)")
                }
                Extension::AvailabilityAttribute(_) => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn underscored_spellings_are_the_same_attribute() {
        assert_eq!(canonical("__noinline__"), "noinline");
        assert_eq!(canonical("packed"), "packed");
        assert!(!HARMLESS.contains(&canonical("__aligned__")));
    }
}
