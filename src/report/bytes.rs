//! Input bytes in the report: shown as text, and kept exactly (base64, RFC 4648 with
//! padding) when they are not UTF-8, so an alternative input read back from JSON or
//! from the cache replays byte for byte.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `None` when `text` is not padded base64.
pub fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let t = text.as_bytes();
    if !t.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(t.len() / 4 * 3);
    for chunk in t.chunks(4) {
        let pad = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 {
            return None;
        }
        let mut n = 0u32;
        for &c in &chunk[..4 - pad] {
            let v = ALPHABET.iter().position(|&a| a == c)? as u32;
            n = n << 6 | v;
        }
        n <<= 6 * pad as u32;
        let b = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&b[..3 - pad]);
    }
    Some(out)
}

/// The text shown for `bytes` (invalid UTF-8 replaced by U+FFFD), and their base64
/// when the text is not exactly them.
pub fn shown(bytes: &[u8]) -> (String, Option<String>) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), None),
        Err(_) => (
            String::from_utf8_lossy(bytes).into_owned(),
            Some(base64_encode(bytes)),
        ),
    }
}

/// The exact bytes of a field shown as `text` with optional `base64` (see [`shown`]).
pub fn exact(text: &str, base64: Option<&str>) -> Vec<u8> {
    base64
        .and_then(base64_decode)
        .unwrap_or_else(|| text.as_bytes().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encoding then decoding gives every byte string back, with the padding RFC 4648
    /// gives (its test vectors), and text that is UTF-8 needs no base64.
    #[test]
    fn base64_round_trips() {
        for (plain, enc) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64_encode(plain.as_bytes()), enc);
            assert_eq!(base64_decode(enc).as_deref(), Some(plain.as_bytes()));
        }
        let all: Vec<u8> = (0..=255u8).chain((0..=255u8).rev()).collect();
        for n in 0..all.len() {
            let b = &all[..n];
            assert_eq!(base64_decode(&base64_encode(b)).as_deref(), Some(b));
        }
        assert_eq!(base64_decode("Zm9"), None);
        assert_eq!(base64_decode("Z!9v"), None);
        let (text, b64) = shown(b"a\xffb");
        assert_eq!(text, "a\u{fffd}b");
        assert_eq!(exact(&text, b64.as_deref()), b"a\xffb");
        assert_eq!(shown("é".as_bytes()), ("é".to_string(), None));
    }
}
