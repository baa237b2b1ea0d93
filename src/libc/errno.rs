//! `errno` values and glibc 2.36's `strerror` messages (Linux x86_64, C locale).
//!
//! glibc returns its message table's string for a known value; for any other value it
//! formats "Unknown error N" into one static buffer shared by all such calls (so two
//! unknown values in one `printf` print the same text natively).

pub const ENOENT: i32 = 2;
pub const EBADF: i32 = 9;
pub const EACCES: i32 = 13;
pub const EEXIST: i32 = 17;
pub const ENOTDIR: i32 = 20;
pub const EISDIR: i32 = 21;
pub const ESPIPE: i32 = 29;
pub const ENOMEM: i32 = 12;
pub const EINVAL: i32 = 22;
pub const ENOTTY: i32 = 25;
pub const ERANGE: i32 = 34;
pub const EBUSY: i32 = 16;
pub const ENOTEMPTY: i32 = 39;

/// glibc's messages for errno 0..=133 (41 and 58 are unassigned on Linux).
const MESSAGES: [&str; 134] = [
    "Success",
    "Operation not permitted",
    "No such file or directory",
    "No such process",
    "Interrupted system call",
    "Input/output error",
    "No such device or address",
    "Argument list too long",
    "Exec format error",
    "Bad file descriptor",
    "No child processes",
    "Resource temporarily unavailable",
    "Cannot allocate memory",
    "Permission denied",
    "Bad address",
    "Block device required",
    "Device or resource busy",
    "File exists",
    "Invalid cross-device link",
    "No such device",
    "Not a directory",
    "Is a directory",
    "Invalid argument",
    "Too many open files in system",
    "Too many open files",
    "Inappropriate ioctl for device",
    "Text file busy",
    "File too large",
    "No space left on device",
    "Illegal seek",
    "Read-only file system",
    "Too many links",
    "Broken pipe",
    "Numerical argument out of domain",
    "Numerical result out of range",
    "Resource deadlock avoided",
    "File name too long",
    "No locks available",
    "Function not implemented",
    "Directory not empty",
    "Too many levels of symbolic links",
    "Unknown error 41",
    "No message of desired type",
    "Identifier removed",
    "Channel number out of range",
    "Level 2 not synchronized",
    "Level 3 halted",
    "Level 3 reset",
    "Link number out of range",
    "Protocol driver not attached",
    "No CSI structure available",
    "Level 2 halted",
    "Invalid exchange",
    "Invalid request descriptor",
    "Exchange full",
    "No anode",
    "Invalid request code",
    "Invalid slot",
    "Unknown error 58",
    "Bad font file format",
    "Device not a stream",
    "No data available",
    "Timer expired",
    "Out of streams resources",
    "Machine is not on the network",
    "Package not installed",
    "Object is remote",
    "Link has been severed",
    "Advertise error",
    "Srmount error",
    "Communication error on send",
    "Protocol error",
    "Multihop attempted",
    "RFS specific error",
    "Bad message",
    "Value too large for defined data type",
    "Name not unique on network",
    "File descriptor in bad state",
    "Remote address changed",
    "Can not access a needed shared library",
    "Accessing a corrupted shared library",
    ".lib section in a.out corrupted",
    "Attempting to link in too many shared libraries",
    "Cannot exec a shared library directly",
    "Invalid or incomplete multibyte or wide character",
    "Interrupted system call should be restarted",
    "Streams pipe error",
    "Too many users",
    "Socket operation on non-socket",
    "Destination address required",
    "Message too long",
    "Protocol wrong type for socket",
    "Protocol not available",
    "Protocol not supported",
    "Socket type not supported",
    "Operation not supported",
    "Protocol family not supported",
    "Address family not supported by protocol",
    "Address already in use",
    "Cannot assign requested address",
    "Network is down",
    "Network is unreachable",
    "Network dropped connection on reset",
    "Software caused connection abort",
    "Connection reset by peer",
    "No buffer space available",
    "Transport endpoint is already connected",
    "Transport endpoint is not connected",
    "Cannot send after transport endpoint shutdown",
    "Too many references: cannot splice",
    "Connection timed out",
    "Connection refused",
    "Host is down",
    "No route to host",
    "Operation already in progress",
    "Operation now in progress",
    "Stale file handle",
    "Structure needs cleaning",
    "Not a XENIX named type file",
    "No XENIX semaphores available",
    "Is a named type file",
    "Remote I/O error",
    "Disk quota exceeded",
    "No medium found",
    "Wrong medium type",
    "Operation canceled",
    "Required key not available",
    "Key has expired",
    "Key has been revoked",
    "Key was rejected by service",
    "Owner died",
    "State not recoverable",
    "Operation not possible due to RF-kill",
    "Memory page has hardware error",
];

/// The message of a known errno value, or `None` when glibc writes
/// "Unknown error N" into its shared buffer (see [`unknown_message`]).
pub fn message(errnum: i32) -> Option<&'static str> {
    let m = MESSAGES.get(usize::try_from(errnum).ok()?)?;
    (!m.starts_with("Unknown error")).then_some(*m)
}

/// glibc's text for a value with no message.
pub fn unknown_message(errnum: i32) -> String {
    format!("Unknown error {errnum}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::libc::testutil::run_c;

    #[test]
    fn messages_match_glibc() {
        let src = "#include <stdio.h>\n#include <string.h>\n\
                   int main(void) { for (int i = -2; i <= 140; i++) printf(\"%s\\n\", strerror(i)); return 0; }\n";
        let Some(out) = run_c(src, &[]) else { return };
        let text = String::from_utf8(out).unwrap();
        for (line, n) in text.lines().zip(-2..=140) {
            let ours = message(n)
                .map(str::to_string)
                .unwrap_or_else(|| unknown_message(n));
            assert_eq!(ours, line, "strerror({n})");
        }
        assert_eq!(text.lines().count(), 143);
    }
}
