//! glibc 2.36's `getopt` and `getopt_long` (`posix/getopt.c`), with its argument
//! permutation and its messages, over a copy of `argv`.
//!
//! The engine sees each argument as (address, text); it permutes that vector the way
//! glibc permutes `argv` (the caller writes the new order back) and answers with
//! addresses for `optarg`. The controlled environment has no `POSIXLY_CORRECT`, so the
//! default ordering is PERMUTE.

/// One `struct option` of `getopt_long`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LongOpt {
    pub name: Vec<u8>,
    pub has_arg: i32,
    /// `int *flag`: when not null, the option stores `val` there and returns 0.
    pub flag: u64,
    pub val: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Ordering {
    #[default]
    Permute,
    RequireOrder,
    ReturnInOrder,
}

/// glibc's `struct _getopt_data` minus what the caller's globals hold.
#[derive(Debug, Clone, Default)]
pub struct GetoptState {
    initialized: bool,
    /// The rest of the argument being scanned: (address of its next byte, its text).
    nextchar: Option<(u64, Vec<u8>)>,
    first_nonopt: usize,
    last_nonopt: usize,
    ordering: Ordering,
    /// glibc keeps optopt in its static data and copies it out after every call.
    optopt: i32,
}

/// The globals a call reads and writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Globals {
    pub optind: i32,
    pub opterr: i32,
    pub optopt: i32,
    /// Address, 0 for NULL.
    pub optarg: u64,
}

/// What one call did besides updating the globals.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Effects {
    pub ret: i32,
    /// Text glibc writes to stderr.
    pub stderr: Vec<u8>,
    /// `*longindex = n` (getopt_long with a non-null `longindex`).
    pub longind: Option<i32>,
    /// `*flag = val`.
    pub flag_store: Option<(u64, i32)>,
}

/// A feature of glibc's getopt that is not modelled (`-W foo` with `W;`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported(pub String);

fn nonoption(a: &[u8]) -> bool {
    a.first() != Some(&b'-') || a.len() == 1
}

/// One call of `getopt` (`longopts` None) or `getopt_long`.
pub fn getopt(
    st: &mut GetoptState,
    g: &mut Globals,
    argv: &mut [(u64, Vec<u8>)],
    optstring: &[u8],
    longopts: Option<&[LongOpt]>,
) -> Result<Effects, Unsupported> {
    let argc = argv.len() as i32;
    let mut fx = Effects::default();
    if argc < 1 {
        fx.ret = -1;
        return Ok(fx);
    }
    g.optarg = 0;
    let mut opts = optstring;
    if g.optind == 0 || !st.initialized {
        if g.optind == 0 {
            g.optind = 1;
        }
        st.first_nonopt = g.optind as usize;
        st.last_nonopt = g.optind as usize;
        st.nextchar = None;
        st.ordering = match opts.first() {
            Some(b'-') => Ordering::ReturnInOrder,
            Some(b'+') => Ordering::RequireOrder,
            _ => Ordering::Permute,
        };
        st.initialized = true;
    }
    if matches!(opts.first(), Some(b'-' | b'+')) {
        opts = &opts[1..];
    }
    let print_errors = g.opterr != 0 && opts.first() != Some(&b':');
    let prog = argv[0].1.clone();
    let msg = |fx: &mut Effects, text: String| {
        if print_errors {
            fx.stderr.extend_from_slice(&prog);
            fx.stderr.extend_from_slice(text.as_bytes());
        }
    };
    let r = run(st, g, argv, opts, longopts, &mut fx, &msg)?;
    fx.ret = r;
    g.optopt = st.optopt;
    Ok(fx)
}

type Msg<'a> = dyn Fn(&mut Effects, String) + 'a;

fn exchange(st: &mut GetoptState, argv: &mut [(u64, Vec<u8>)], optind: usize) {
    // Rotate the options [last_nonopt, optind) before the non-options
    // [first_nonopt, last_nonopt), each keeping its order, as glibc's swaps do.
    argv[st.first_nonopt..optind].rotate_left(st.last_nonopt - st.first_nonopt);
    st.first_nonopt += optind - st.last_nonopt;
    st.last_nonopt = optind;
}

fn run(
    st: &mut GetoptState,
    g: &mut Globals,
    argv: &mut [(u64, Vec<u8>)],
    opts: &[u8],
    longopts: Option<&[LongOpt]>,
    fx: &mut Effects,
    msg: &Msg,
) -> Result<i32, Unsupported> {
    let argc = argv.len();
    if st.nextchar.as_ref().is_none_or(|(_, t)| t.is_empty()) {
        let mut optind = g.optind.max(0) as usize;
        if st.last_nonopt > optind {
            st.last_nonopt = optind;
        }
        if st.first_nonopt > optind {
            st.first_nonopt = optind;
        }
        if st.ordering == Ordering::Permute {
            if st.first_nonopt != st.last_nonopt && st.last_nonopt != optind {
                exchange(st, argv, optind);
            } else if st.last_nonopt != optind {
                st.first_nonopt = optind;
            }
            while optind < argc && nonoption(&argv[optind].1) {
                optind += 1;
            }
            st.last_nonopt = optind;
        }
        if optind != argc && argv[optind].1 == b"--" {
            optind += 1;
            if st.first_nonopt != st.last_nonopt && st.last_nonopt != optind {
                exchange(st, argv, optind);
            } else if st.first_nonopt == st.last_nonopt {
                st.first_nonopt = optind;
            }
            st.last_nonopt = argc;
            optind = argc;
        }
        if optind >= argc {
            if st.first_nonopt != st.last_nonopt {
                optind = st.first_nonopt;
            }
            g.optind = optind as i32;
            return Ok(-1);
        }
        if nonoption(&argv[optind].1) {
            if st.ordering == Ordering::RequireOrder {
                g.optind = optind as i32;
                return Ok(-1);
            }
            g.optarg = argv[optind].0;
            g.optind = optind as i32 + 1;
            return Ok(1);
        }
        g.optind = optind as i32;
        let (addr, text) = &argv[optind];
        if let Some(lo) = longopts {
            if text.get(1) == Some(&b'-') {
                st.nextchar = Some((addr + 2, text[2..].to_vec()));
                return Ok(long_option(st, g, argv, opts, lo, fx, msg));
            }
        }
        st.nextchar = Some((addr + 1, text[1..].to_vec()));
    }
    let Some((addr, text)) = st.nextchar.take() else {
        return Ok(-1);
    };
    let c = text[0];
    let rest = (addr + 1, text[1..].to_vec());
    if rest.1.is_empty() {
        g.optind += 1;
    }
    let found = opts.iter().position(|&o| o == c);
    let Some(at) = found.filter(|_| c != b':' && c != b';') else {
        msg(fx, format!(": invalid option -- '{}'\n", c as char));
        st.optopt = c as i8 as i32;
        st.nextchar = Some(rest);
        return Ok(b'?' as i32);
    };
    if c == b'W' && opts.get(at + 1) == Some(&b';') && longopts.is_some() {
        return Err(Unsupported(
            "getopt_long with `W;` (-W foo as --foo)".into(),
        ));
    }
    if opts.get(at + 1) != Some(&b':') {
        st.nextchar = Some(rest);
        return Ok(c as i8 as i32);
    }
    let mut ret = c as i8 as i32;
    if opts.get(at + 2) == Some(&b':') {
        // An optional argument: only when attached.
        if !rest.1.is_empty() {
            g.optarg = rest.0;
            g.optind += 1;
        }
    } else if !rest.1.is_empty() {
        g.optarg = rest.0;
        g.optind += 1;
    } else if g.optind as usize >= argc {
        msg(
            fx,
            format!(": option requires an argument -- '{}'\n", c as char),
        );
        st.optopt = c as i8 as i32;
        ret = if opts.first() == Some(&b':') {
            b':' as i32
        } else {
            b'?' as i32
        };
    } else {
        g.optarg = argv[g.optind as usize].0;
        g.optind += 1;
    }
    st.nextchar = None;
    Ok(ret)
}

/// glibc's `process_long_option` for `--name[=value]`.
fn long_option(
    st: &mut GetoptState,
    g: &mut Globals,
    argv: &[(u64, Vec<u8>)],
    opts: &[u8],
    lo: &[LongOpt],
    fx: &mut Effects,
    msg: &Msg,
) -> i32 {
    let Some((addr, text)) = st.nextchar.clone() else {
        return -1;
    };
    let namelen = text.iter().position(|&b| b == b'=').unwrap_or(text.len());
    let name = &text[..namelen];
    let shown = String::from_utf8_lossy(&text).into_owned();
    let mut found = lo.iter().position(|o| o.name == name);
    if found.is_none() {
        let mut first: Option<usize> = None;
        let mut ambig: Vec<usize> = Vec::new();
        for (k, o) in lo.iter().enumerate() {
            if !o.name.starts_with(name) {
                continue;
            }
            match first {
                None => first = Some(k),
                Some(f) => {
                    let p = &lo[f];
                    if p.has_arg != o.has_arg || p.flag != o.flag || p.val != o.val {
                        if ambig.is_empty() {
                            ambig.push(f);
                        }
                        ambig.push(k);
                    }
                }
            }
        }
        if !ambig.is_empty() {
            let mut m = format!(": option '--{shown}' is ambiguous; possibilities:");
            for k in ambig {
                m.push_str(&format!(" '--{}'", String::from_utf8_lossy(&lo[k].name)));
            }
            m.push('\n');
            msg(fx, m);
            st.nextchar = None;
            g.optind += 1;
            st.optopt = 0;
            return b'?' as i32;
        }
        found = first;
    }
    let Some(k) = found else {
        msg(fx, format!(": unrecognized option '--{shown}'\n"));
        st.nextchar = None;
        g.optind += 1;
        st.optopt = 0;
        return b'?' as i32;
    };
    let o = &lo[k];
    g.optind += 1;
    st.nextchar = None;
    let oname = String::from_utf8_lossy(&o.name).into_owned();
    if namelen < text.len() {
        if o.has_arg != 0 {
            g.optarg = addr + namelen as u64 + 1;
        } else {
            msg(
                fx,
                format!(": option '--{oname}' doesn't allow an argument\n"),
            );
            st.optopt = o.val;
            return b'?' as i32;
        }
    } else if o.has_arg == 1 {
        if (g.optind as usize) < argv.len() {
            g.optarg = argv[g.optind as usize].0;
            g.optind += 1;
        } else {
            msg(fx, format!(": option '--{oname}' requires an argument\n"));
            st.optopt = o.val;
            return if opts.first() == Some(&b':') {
                b':' as i32
            } else {
                b'?' as i32
            };
        }
    }
    fx.longind = Some(k as i32);
    if o.flag != 0 {
        fx.flag_store = Some((o.flag, o.val));
        return 0;
    }
    o.val
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<(u64, Vec<u8>)> {
        list.iter()
            .enumerate()
            .map(|(i, s)| ((i as u64 + 1) << 20, s.as_bytes().to_vec()))
            .collect()
    }

    fn all(list: &[&str], optstring: &str) -> (Vec<i32>, Vec<String>, i32, String) {
        let mut st = GetoptState::default();
        let mut g = Globals {
            optind: 1,
            opterr: 1,
            optopt: b'?' as i32,
            optarg: 0,
        };
        let mut av = args(list);
        let mut rets = Vec::new();
        let mut err = Vec::new();
        loop {
            let fx = getopt(&mut st, &mut g, &mut av, optstring.as_bytes(), None).unwrap();
            err.extend(fx.stderr);
            if fx.ret == -1 {
                break;
            }
            rets.push(fx.ret);
        }
        let order = av
            .iter()
            .map(|(_, t)| String::from_utf8_lossy(t).into_owned())
            .collect();
        (
            rets,
            order,
            g.optind,
            String::from_utf8_lossy(&err).into_owned(),
        )
    }

    #[test]
    fn permutes_non_options_to_the_end() {
        let (rets, order, optind, err) = all(&["p", "x", "-a", "y", "-b", "v", "z"], "ab:");
        assert_eq!(rets, vec![b'a' as i32, b'b' as i32]);
        assert_eq!(order, ["p", "-a", "-b", "v", "x", "y", "z"]);
        assert_eq!(optind, 4);
        assert_eq!(err, "");
    }

    #[test]
    fn double_dash_and_errors() {
        let (rets, order, optind, err) = all(&["p", "f", "-q", "--", "-a"], "a");
        assert_eq!(rets, vec![b'?' as i32]);
        assert_eq!(order, ["p", "-q", "--", "f", "-a"]);
        assert_eq!(optind, 3);
        assert_eq!(err, "p: invalid option -- 'q'\n");
        let (rets, _, _, err) = all(&["p", "-b"], "b:");
        assert_eq!(rets, vec![b'?' as i32]);
        assert_eq!(err, "p: option requires an argument -- 'b'\n");
        let (rets, _, _, err) = all(&["p", "-b"], ":b:");
        assert_eq!(rets, vec![b':' as i32]);
        assert_eq!(err, "");
    }
}
