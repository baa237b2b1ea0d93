//! Calls of functions with no declaration in scope (C89 implicit `int f()`), as gcc
//! accepts them with a warning. gcc knows many library functions as built-ins and, when
//! one is called undeclared, uses the built-in's real prototype (so `sqrt(2.0)` without
//! `<math.h>` still returns a double); other names get `int f()`.

use std::rc::Rc;

use lang_c::span::Span;

use super::types::{char_t, double_t, int_t, ld_t, long_t, ptr_to, uint_t, ulong_t};
use super::{Cx, R};
use crate::ir::{FuncId, FuncType, Type, TypeRef};

/// Prototypes of the modelled library functions, as `ret:params` with one letter per
/// type: i int, u unsigned, l long, z size_t, d double, f float, L long double,
/// c char *, p void *,
/// v void, `.` variadic. The flag says whether gcc treats the name as a built-in (and
/// so uses this prototype when it is called undeclared).
const LIBC: &[(&str, &str, bool)] = &[
    ("abort", "v:", true),
    ("abs", "i:i", true),
    ("atan", "d:d", true),
    ("atan2", "d:dd", true),
    ("atof", "d:c", false),
    ("atoi", "i:c", false),
    ("atol", "l:c", false),
    ("atoll", "l:c", false),
    ("calloc", "p:zz", true),
    ("ceil", "d:d", true),
    ("cos", "d:d", true),
    ("exit", "v:i", true),
    ("exp", "d:d", true),
    ("fabs", "d:d", true),
    ("fabsf", "f:f", true),
    ("fabsl", "L:L", true),
    ("fclose", "i:p", false),
    ("feof", "i:p", false),
    ("ferror", "i:p", false),
    ("fflush", "i:p", false),
    ("fgetc", "i:p", false),
    ("fgets", "c:cip", false),
    ("floor", "d:d", true),
    ("floorl", "L:L", true),
    ("ceill", "L:L", true),
    ("truncl", "L:L", true),
    ("roundl", "L:L", true),
    ("fmodl", "L:LL", true),
    ("fmod", "d:dd", true),
    ("fopen", "p:cc", false),
    ("fprintf", "i:pc.", true),
    ("fputc", "i:ip", true),
    ("fputs", "i:cp", true),
    ("free", "v:p", true),
    ("fscanf", "i:pc.", true),
    ("getc", "i:p", false),
    ("getchar", "i:", false),
    // No gcc built-in, but declared with its real prototype by regcause's stdio.h.
    ("gets", "c:c", true),
    ("isalnum", "i:i", true),
    ("isalpha", "i:i", true),
    ("isblank", "i:i", true),
    ("iscntrl", "i:i", true),
    ("isdigit", "i:i", true),
    ("isgraph", "i:i", true),
    ("islower", "i:i", true),
    ("isprint", "i:i", true),
    ("ispunct", "i:i", true),
    ("isspace", "i:i", true),
    ("isupper", "i:i", true),
    ("isxdigit", "i:i", true),
    ("labs", "l:l", true),
    ("llabs", "l:l", true),
    ("log", "d:d", true),
    ("log10", "d:d", true),
    ("malloc", "p:z", true),
    ("alloca", "p:z", true),
    ("memchr", "p:piz", true),
    ("memcmp", "i:ppz", true),
    ("memcpy", "p:ppz", true),
    ("memmove", "p:ppz", true),
    ("memset", "p:piz", true),
    ("pow", "d:dd", true),
    ("printf", "i:c.", true),
    ("putc", "i:ip", false),
    ("putchar", "i:i", true),
    ("puts", "i:c", true),
    ("qsort", "v:pzzp", false),
    ("rand", "i:", false),
    ("realloc", "p:pz", true),
    ("round", "d:d", true),
    ("scanf", "i:c.", true),
    ("sin", "d:d", true),
    ("snprintf", "i:czc.", true),
    ("sprintf", "i:cc.", true),
    ("sqrt", "d:d", true),
    ("sqrtl", "L:L", true),
    ("srand", "v:u", false),
    ("sscanf", "i:cc.", true),
    ("strcat", "c:cc", true),
    ("strchr", "c:ci", true),
    ("strcmp", "i:cc", true),
    ("strcpy", "c:cc", true),
    ("strcspn", "z:cc", true),
    ("strdup", "c:c", true),
    ("strlen", "z:c", true),
    ("strncat", "c:ccz", true),
    ("strncmp", "i:ccz", true),
    ("strncpy", "c:ccz", true),
    ("strpbrk", "c:cc", true),
    ("strrchr", "c:ci", true),
    ("strspn", "z:cc", true),
    ("strstr", "c:cc", true),
    ("strtod", "d:cp", false),
    ("strtold", "L:cp", false),
    ("strtol", "l:cpi", false),
    ("strtoll", "l:cpi", false),
    ("strtoul", "z:cpi", false),
    ("strtoull", "z:cpi", false),
    ("tan", "d:d", true),
    ("tolower", "i:i", true),
    ("toupper", "i:i", true),
    ("trunc", "d:d", true),
    ("ungetc", "i:ip", false),
];

fn letter_type(c: char) -> Option<TypeRef> {
    Some(match c {
        'i' => int_t(),
        'u' => uint_t(),
        'l' => long_t(),
        'z' => ulong_t(),
        'd' => double_t(),
        'f' => Rc::new(Type::Float),
        'L' => ld_t(),
        'c' => ptr_to(char_t()),
        'p' => ptr_to(Rc::new(Type::Void)),
        'v' => Rc::new(Type::Void),
        _ => return None,
    })
}

/// The prototype a `ret:params` signature string describes.
fn parse_sig(sig: &str) -> Option<FuncType> {
    let (ret, params) = sig.split_once(':')?;
    let mut ret = ret.chars();
    let ret = letter_type(ret.next()?)?;
    let mut ps = Vec::new();
    let mut variadic = false;
    for c in params.chars() {
        if c == '.' {
            variadic = true;
        } else {
            ps.push(letter_type(c)?);
        }
    }
    Some(FuncType {
        ret,
        params: ps,
        variadic,
        unprototyped: false,
    })
}

/// How an undeclared library function is called: with its real prototype when gcc does
/// so (a built-in, or one whose prototype is `int`/`void`-returning and so agrees with
/// `int f()` on every well-typed call), else `None`: gcc would truncate the result to
/// `int`, which regcause does not model.
fn libc_prototype(name: &str) -> Option<Option<FuncType>> {
    let (_, sig, builtin) = LIBC.iter().find(|(n, _, _)| *n == name)?;
    let ft = parse_sig(sig)?;
    let int_like = matches!(*ft.ret, Type::Void) || *ft.ret == *int_t();
    Some(if *builtin || int_like { Some(ft) } else { None })
}

/// The prototype of library function `name` when called as `__builtin_name`.
pub(crate) fn builtin_libc_prototype(name: &str) -> Option<FuncType> {
    let (_, sig, _) = LIBC.iter().find(|(n, _, _)| *n == name)?;
    parse_sig(sig)
}

impl<'u> Cx<'u> {
    /// Warnings gcc (or its linker) gives for a call of a known function.
    pub fn call_warnings(&mut self, name: &str, span: Span) {
        if name == "gets" {
            self.warn(
                span,
                "the `gets` function is dangerous and should not be used",
            );
        }
    }

    /// Record a located warning; it reaches the user with the program.
    pub fn warn(&mut self, span: Span, msg: impl Into<String>) {
        let w = format!("warning: {} at {}", msg.into(), self.at(span));
        if !self.prog.warnings.contains(&w) {
            self.prog.warnings.push(w);
        }
    }

    /// Declare `name`, called at `span` with no declaration in scope, as gcc does.
    pub fn implicit_declaration(&mut self, name: &str, span: Span) -> R<(FuncId, Rc<FuncType>)> {
        // gcc's note names the header; so does regcause, from the catalogue.
        let warning = match crate::libc::catalogue::lookup(name) {
            Some(e) => format!(
                "implicit declaration of function `{name}` (<{}> declares it)",
                e.header
            ),
            None => format!("implicit declaration of function `{name}`"),
        };
        self.warn(span, warning);
        let ft = match libc_prototype(name) {
            Some(Some(ft)) => ft,
            Some(None) => {
                return self.unsupported(
                    span,
                    format!(
                        "implicit declaration of library function `{name}`, which does not \
                         return int (gcc truncates its result; include its header)"
                    ),
                )
            }
            // Any other name (an unmodelled library function included: calling it
            // stops the run with `unsupported:`, see `lower::finish`) is `int f()`.
            None => FuncType {
                ret: int_t(),
                params: Vec::new(),
                variadic: false,
                unprototyped: true,
            },
        };
        let ft = Rc::new(ft);
        let loc = self.loc(span);
        let id = self.declare_func(name, ft.clone(), false, loc);
        if ft.unprototyped {
            self.implicit_funcs.insert(id);
        }
        self.note_func_use(FuncId::new(id.raw()), span);
        Ok((id, ft))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_signature_parses() {
        for (name, sig, _) in LIBC {
            assert!(parse_sig(sig).is_some(), "{name}: {sig}");
        }
    }

    /// The prototypes used for undeclared calls agree with the catalogue's arities (the
    /// one source of which functions exist and how many arguments they take).
    #[test]
    fn signatures_agree_with_the_catalogue() {
        for (name, sig, _) in LIBC {
            let entry = crate::libc::catalogue::lookup(name)
                .unwrap_or_else(|| panic!("`{name}` has a prototype but no catalogue entry"));
            let ft = parse_sig(sig).unwrap_or_else(|| panic!("{name}: {sig}"));
            assert_eq!(
                (ft.params.len(), ft.variadic),
                (entry.arity.fixed, entry.arity.variadic),
                "{name}: `{sig}` disagrees with the catalogue"
            );
        }
    }

    #[test]
    fn builtins_keep_their_prototype_and_others_need_an_int_result() {
        let sqrt = libc_prototype("sqrt")
            .and_then(|x| x)
            .map(|f| (*f.ret).clone());
        assert_eq!(sqrt, Some(Type::Double));
        assert!(libc_prototype("atoi").and_then(|x| x).is_some());
        // atof is no gcc built-in: gcc would read its double result as an int.
        assert!(matches!(libc_prototype("atof"), Some(None)));
        assert!(libc_prototype("my_helper").is_none());
    }
}

#[cfg(test)]
mod load_tests {
    /// The warnings of a program reach `Program::warnings` with their locations, and a
    /// later definition returning something other than `int` is refused as by gcc.
    #[test]
    fn implicit_calls_warn_at_their_line() {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("w.c");
        std::fs::write(
            &f,
            "int main(void)\n{\n    return twice(abs(-2)) - 4;\n}\nint twice(int x) { return 2 * x; }\n",
        )
        .expect("write");
        let p = crate::frontend::load_files(std::slice::from_ref(&f), &[], &[]).expect("accepted");
        let text = p.warnings.join("\n");
        assert!(
            text.contains("implicit declaration of function `twice` at"),
            "{text}"
        );
        assert!(text.contains("w.c:3:12"), "{text}");
        assert!(
            text.contains("implicit declaration of function `abs` (<stdlib.h> declares it)"),
            "{text}"
        );
        std::fs::write(
            &f,
            "int main(void)\n{\n    return (int)half(3);\n}\ndouble half(int x) { return x / 2.0; }\n",
        )
        .expect("write");
        let e = crate::frontend::load_files(&[f], &[], &[]).expect_err("conflicting types");
        assert!(
            e.to_string().contains("conflicting types for `half`"),
            "{e}"
        );
    }

    /// `main` takes C's parameters (none, argc/argv, argc/argv/envp); another
    /// signature is a located error before the run.
    #[test]
    fn main_signatures_are_cs() {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("m.c");
        let load = |src: &str| {
            std::fs::write(&f, src).expect("write");
            crate::frontend::load_files(std::slice::from_ref(&f), &[], &[])
        };
        for ok in [
            "int main(void) { return 0; }\n",
            "int main() { return 0; }\n",
            "int main(int argc, char **argv) { return argc - 1 + (argv == 0); }\n",
            "int main(int c, char *v[], char **envp) { return c - 1 + (v == envp); }\n",
        ] {
            load(ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
        }
        for bad in [
            "int main(char **argv, int argc) { return argc + (argv == 0); }\n",
            "int main(int argc) { return argc; }\n",
            "int main(int a, char **b, char **c, char **d) { return a + (b == c) + (c == d); }\n",
        ] {
            let e = load(bad).expect_err(bad).to_string();
            assert!(
                e.contains("`main` must take") && e.contains("m.c:1:"),
                "{bad}: {e}"
            );
        }
    }

    /// A direct call of a library function with fewer arguments than its catalogue
    /// arity (through an unprototyped or implicit declaration) is refused where it is,
    /// before the run; enough arguments are accepted.
    #[test]
    fn short_library_calls_are_refused_up_front() {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("s.c");
        let load = |src: &str| {
            std::fs::write(&f, src).expect("write");
            crate::frontend::load_files(std::slice::from_ref(&f), &[], &[])
        };
        let e = load("int strcmp();\nint main(void)\n{\n    return strcmp(\"a\");\n}\n")
            .expect_err("strcmp with one argument");
        let text = e.to_string();
        assert!(e.is_unsupported(), "{text}");
        assert!(text.contains("s.c:4:"), "not located: {text}");
        assert!(
            text.contains("`strcmp` with 1 argument; <string.h> declares it with 2 arguments"),
            "{text}"
        );
        // Implicitly declared (no prototype of its own in regcause's table).
        let e = load("int main(void)\n{\n    return (int)strnlen(\"abc\");\n}\n")
            .expect_err("strnlen with one argument");
        assert!(e.to_string().contains("`strnlen` with 1 argument"), "{e}");
        load("int strcmp();\nint main(void)\n{\n    return strcmp(\"a\", \"a\");\n}\n")
            .expect("enough arguments");
    }
}
