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
pub(crate) fn canonical(name: &str) -> &str {
    name.strip_prefix("__")
        .and_then(|n| n.strip_suffix("__"))
        .unwrap_or(name)
}

/// The layout attributes of a struct or a member (`types.rs` applies them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LayoutAttrs {
    pub packed: bool,
    /// `aligned(n)` in bytes (`aligned` alone is 16, the largest alignment on x86-64).
    pub aligned: Option<u32>,
}

impl<'u> Cx<'u> {
    /// The layout attributes among `exts`; the others are checked as everywhere.
    pub fn layout_attrs(&mut self, exts: &[Node<Extension>]) -> R<LayoutAttrs> {
        let mut la = LayoutAttrs::default();
        for e in exts {
            if let Extension::Attribute(a) = &e.node {
                match canonical(&a.name.node) {
                    "packed" => {
                        la.packed = true;
                        continue;
                    }
                    "aligned" => {
                        let n = match a.arguments.first() {
                            None => 16,
                            Some(x) => self.const_int(x)?,
                        };
                        if n <= 0 || (n as u64).count_ones() != 1 || n > (1 << 28) {
                            return self.error(e.span, "requested alignment is not a power of 2");
                        }
                        la.aligned = Some(la.aligned.unwrap_or(1).max(n as u32));
                        continue;
                    }
                    _ => {}
                }
            }
            self.check_extensions(std::slice::from_ref(e))?;
        }
        Ok(la)
    }

    /// Layout attributes written after a `struct` keyword (see `marks.rs`).
    pub fn keyword_layout_attrs(&mut self, at: usize, span: lang_c::span::Span) -> R<LayoutAttrs> {
        let mut la = LayoutAttrs::default();
        let Some(raw) = self.marks.struct_attrs.get(&at).cloned() else {
            return Ok(la);
        };
        for r in raw {
            match (canonical(&r.name), r.arg.as_deref()) {
                ("packed", None) => la.packed = true,
                ("aligned", None) => la.aligned = Some(la.aligned.unwrap_or(1).max(16)),
                ("aligned", Some(a)) => match a.trim().parse::<u32>() {
                    Ok(n) if n.is_power_of_two() => {
                        la.aligned = Some(la.aligned.unwrap_or(1).max(n))
                    }
                    _ => {
                        return self.unsupported(
                            span,
                            format!("attribute `aligned({a})` (only a literal power of 2)"),
                        )
                    }
                },
                (n, _) if HARMLESS.contains(&n) => {}
                (n, _) => return self.unsupported(span, format!("attribute `{n}`")),
            }
        }
        Ok(la)
    }

    /// Check the attributes (and asm labels) of one position.
    pub fn check_extensions(&mut self, exts: &[Node<Extension>]) -> R<()> {
        for e in exts {
            match &e.node {
                Extension::Attribute(a) => {
                    let name = canonical(&a.name.node);
                    if self.member_layout_ok && matches!(name, "packed" | "aligned") {
                        // A struct member's: taken by the layout (`types.rs`).
                        continue;
                    }
                    if self.object_aligned_ok && name == "aligned" {
                        // An object's: its address only, which every allocation's base
                        // satisfies; checked as a layout attribute is.
                        self.layout_attrs(std::slice::from_ref(e))?;
                        continue;
                    }
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
