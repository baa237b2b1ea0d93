//! `<time.h>`: calendar arithmetic (`gmtime`) and `strftime` in the C locale.
//!
//! A run is deterministic: `time()` returns [`FIXED_TIME`], the controlled environment
//! has no `TZ`, so `localtime` is `gmtime` with the zone named "UTC" (glibc names the
//! zone of `gmtime` "GMT").

/// What `time(NULL)` returns in every run: 2023-11-14 22:13:20 UTC.
pub const FIXED_TIME: i64 = 1_700_000_000;

/// The fields of glibc's `struct tm` (without `tm_zone`, a pointer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tm {
    pub sec: i32,
    pub min: i32,
    pub hour: i32,
    pub mday: i32,
    pub mon: i32,
    /// Years since 1900.
    pub year: i32,
    pub wday: i32,
    pub yday: i32,
    pub isdst: i32,
    pub gmtoff: i64,
}

/// Byte offsets of the fields in glibc's x86_64 `struct tm` (56 bytes).
pub const TM_SIZE: usize = 56;
pub const TM_GMTOFF: u64 = 40;
pub const TM_ZONE: u64 = 48;

impl Tm {
    /// The nine `int` fields in declaration order.
    pub fn ints(&self) -> [i32; 9] {
        [
            self.sec, self.min, self.hour, self.mday, self.mon, self.year, self.wday, self.yday,
            self.isdst,
        ]
    }
    pub fn from_ints(v: [i32; 9], gmtoff: i64) -> Tm {
        Tm {
            sec: v[0],
            min: v[1],
            hour: v[2],
            mday: v[3],
            mon: v[4],
            year: v[5],
            wday: v[6],
            yday: v[7],
            isdst: v[8],
            gmtoff,
        }
    }
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// `gmtime`: `None` when the year does not fit in an `int` (glibc: EOVERFLOW, NULL).
pub fn gmtime(t: i64) -> Option<Tm> {
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (proleptic Gregorian, 400-year eras).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let year = i32::try_from(y - 1900).ok()?;
    const CUM: [i64; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let yday = CUM[(m - 1) as usize] + d - 1 + i64::from(m > 2 && is_leap(y));
    Some(Tm {
        sec: (secs % 60) as i32,
        min: (secs / 60 % 60) as i32,
        hour: (secs / 3600) as i32,
        mday: d as i32,
        mon: (m - 1) as i32,
        year,
        wday: (days + 4).rem_euclid(7) as i32,
        yday: yday as i32,
        isdst: 0,
        gmtoff: 0,
    })
}

/// Days from 1970-01-01 to the first of month `m` (1..=12) of year `y` (proleptic
/// Gregorian), the inverse of the civil-date step of [`gmtime`].
fn days_from_civil(y: i64, m: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `mktime` in the controlled environment's zone (UTC, no daylight saving): the
/// fields are normalised (a month of 14, a day of 0 or -40, 61 seconds...) and the
/// seconds since the epoch returned with the normalised `Tm`; `None` when the result
/// does not fit (glibc: EOVERFLOW, -1). `tm_wday`, `tm_yday` and `tm_isdst` are ignored
/// on input, as in glibc with a zone without daylight saving.
pub fn mktime(tm: &Tm) -> Option<(i64, Tm)> {
    let mon = i64::from(tm.mon);
    let year = 1900 + i64::from(tm.year) + mon.div_euclid(12);
    let days = days_from_civil(year, mon.rem_euclid(12) + 1) + i64::from(tm.mday) - 1;
    let secs = i64::from(tm.hour) * 3600 + i64::from(tm.min) * 60 + i64::from(tm.sec);
    let t = days.checked_mul(86_400)?.checked_add(secs)?;
    let out = gmtime(t)?;
    Some((t, out))
}

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Why `strftime` could not be modelled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported(pub String);

/// `strftime` into an unbounded buffer (the caller applies `max`). `zone` is the text
/// `tm_zone` points to.
pub fn strftime(fmt: &[u8], tm: &Tm, zone: &[u8]) -> Result<Vec<u8>, Unsupported> {
    let mut out = Vec::new();
    let mut i = 0;
    let name = |table: &[&'static str], v: i32, what: &str| -> Result<&'static str, Unsupported> {
        usize::try_from(v)
            .ok()
            .and_then(|k| table.get(k).copied())
            .ok_or_else(|| Unsupported(format!("strftime of an out-of-range {what} ({v})")))
    };
    while i < fmt.len() {
        let c = fmt[i];
        i += 1;
        if c != b'%' {
            out.push(c);
            continue;
        }
        let Some(&conv) = fmt.get(i) else {
            return Err(Unsupported("strftime format ending in `%`".into()));
        };
        i += 1;
        let hour12 = if tm.hour % 12 == 0 { 12 } else { tm.hour % 12 };
        let piece: Vec<u8> = match conv {
            b'%' => b"%".to_vec(),
            b'n' => b"\n".to_vec(),
            b't' => b"\t".to_vec(),
            b'a' => name(&DAYS, tm.wday, "weekday")?.as_bytes()[..3].to_vec(),
            b'A' => name(&DAYS, tm.wday, "weekday")?.as_bytes().to_vec(),
            b'b' | b'h' => name(&MONTHS, tm.mon, "month")?.as_bytes()[..3].to_vec(),
            b'B' => name(&MONTHS, tm.mon, "month")?.as_bytes().to_vec(),
            b'C' => format!("{:02}", (i64::from(tm.year) + 1900).div_euclid(100)).into_bytes(),
            b'd' => format!("{:02}", tm.mday).into_bytes(),
            b'e' => format!("{:2}", tm.mday).into_bytes(),
            b'H' => format!("{:02}", tm.hour).into_bytes(),
            b'I' => format!("{hour12:02}").into_bytes(),
            b'j' => format!("{:03}", tm.yday + 1).into_bytes(),
            b'm' => format!("{:02}", tm.mon + 1).into_bytes(),
            b'M' => format!("{:02}", tm.min).into_bytes(),
            b'p' => if tm.hour >= 12 { "PM" } else { "AM" }.into(),
            b'S' => format!("{:02}", tm.sec).into_bytes(),
            b'u' => format!("{}", if tm.wday == 0 { 7 } else { tm.wday }).into_bytes(),
            b'w' => format!("{}", tm.wday).into_bytes(),
            b'y' => format!("{:02}", (i64::from(tm.year) + 1900).rem_euclid(100)).into_bytes(),
            b'Y' => format!("{}", i64::from(tm.year) + 1900).into_bytes(),
            b'Z' => zone.to_vec(),
            b'z' => {
                let off = tm.gmtoff;
                let sign = if off < 0 { '-' } else { '+' };
                let a = off.unsigned_abs() / 60;
                format!("{sign}{:02}{:02}", a / 60, a % 60).into_bytes()
            }
            b'D' | b'x' => strftime(b"%m/%d/%y", tm, zone)?,
            b'F' => strftime(b"%Y-%m-%d", tm, zone)?,
            b'T' | b'X' => strftime(b"%H:%M:%S", tm, zone)?,
            b'R' => strftime(b"%H:%M", tm, zone)?,
            b'r' => strftime(b"%I:%M:%S %p", tm, zone)?,
            b'c' => strftime(b"%a %b %e %H:%M:%S %Y", tm, zone)?,
            other => {
                return Err(Unsupported(format!(
                    "strftime conversion %{} is not modelled",
                    other as char
                )))
            }
        };
        out.extend_from_slice(&piece);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::libc::testutil::run_c;

    const FMT: &str = "%a %A %b %B %C %d %e %H %I %j %m %M %p %S %u %w %y %Y %Z %z %D %F %T %R %r %c %x %X %h %%|%n|%t|";

    #[test]
    fn gmtime_and_strftime_match_glibc() {
        let times: [i64; 10] = [
            0,
            FIXED_TIME,
            -1,
            951_782_400,   // 2000-02-29
            951_868_799,   // 2000-02-29 23:59:59
            4_107_542_400, // 2100-03-01
            -2_208_988_800,
            1_234_567_890,
            43_200,
            253_402_300_799, // 9999-12-31 23:59:59
        ];
        let list: Vec<String> = times.iter().map(|t| format!("{t}L")).collect();
        let src = format!(
            "#include <stdio.h>\n#include <time.h>\n\
             int main(void) {{ long ts[] = {{{}}}; char buf[512];\n\
             for (int i = 0; i < {}; i++) {{ time_t t = ts[i]; struct tm *tm = gmtime(&t);\n\
             printf(\"%d %d %d %d %d %d %d %d %d %ld\\n\", tm->tm_sec, tm->tm_min, tm->tm_hour, tm->tm_mday, tm->tm_mon, tm->tm_year, tm->tm_wday, tm->tm_yday, tm->tm_isdst, tm->tm_gmtoff);\n\
             size_t n = strftime(buf, sizeof buf, \"{FMT}\", tm); printf(\"%zu [%s]\\n\", n, buf); }}\n\
             return 0; }}\n",
            list.join(", "),
            times.len()
        );
        let Some(out) = run_c(&src, &[]) else { return };
        let mut want = String::new();
        for t in times {
            let tm = gmtime(t).unwrap();
            let v = tm.ints();
            want.push_str(&format!(
                "{} {} {} {} {} {} {} {} {} {}\n",
                v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], tm.gmtoff
            ));
            let s = strftime(
                FMT.replace("%n", "\n").replace("%t", "\t").as_bytes(),
                &tm,
                b"GMT",
            )
            .unwrap();
            // The test format is given to C with escapes; build ours the same way.
            let s2 = strftime(FMT.as_bytes(), &tm, b"GMT").unwrap();
            assert_eq!(s, s2);
            want.push_str(&format!("{} [{}]\n", s.len(), String::from_utf8_lossy(&s)));
        }
        assert_eq!(String::from_utf8_lossy(&out), want);
    }

    /// mktime on random broken-down times, many far out of range (a month of -30, a
    /// second of 5000, years before 1 and past 3000, years near INT_MAX that overflow),
    /// against glibc's mktime with TZ=UTC: the result and every normalised field.
    #[test]
    fn mktime_matches_glibc_in_utc() {
        let mut r = crate::libc::testutil::Rng(15);
        let mut cases = Vec::new();
        for _ in 0..3000 {
            let mut v = [
                r.range(-5000, 5000),
                r.range(-100, 100),
                r.range(-50, 50),
                r.range(-100, 100),
                r.range(-30, 30),
                r.range(-3000, 1200),
            ];
            if r.chance(3) {
                v[5] = i64::from(i32::MAX) - r.range(0, 3);
            }
            if r.chance(3) {
                v[0] = r.pick(&[i64::from(i32::MAX), i64::from(i32::MIN), 0]);
            }
            cases.push(v);
        }
        let list: Vec<String> = cases
            .iter()
            .map(|v| format!("{{{},{},{},{},{},{}}}", v[0], v[1], v[2], v[3], v[4], v[5]))
            .collect();
        let src = format!(
            "#include <stdio.h>\n#include <stdlib.h>\n#include <time.h>\n\
             static const int cs[][6] = {{{}}};\n\
             int main(void) {{ setenv(\"TZ\", \"UTC\", 1); tzset();\n\
             for (unsigned i = 0; i < sizeof cs / sizeof cs[0]; i++) {{ struct tm tm = {{0}};\n\
             tm.tm_sec = cs[i][0]; tm.tm_min = cs[i][1]; tm.tm_hour = cs[i][2];\n\
             tm.tm_mday = cs[i][3]; tm.tm_mon = cs[i][4]; tm.tm_year = cs[i][5];\n\
             long t = (long)mktime(&tm);\n\
             if (t == -1 && tm.tm_mday == cs[i][3] && tm.tm_sec == cs[i][0]) {{ printf(\"-1\\n\"); continue; }}\n\
             printf(\"%ld %d %d %d %d %d %d %d %d %d\\n\", t, tm.tm_sec, tm.tm_min, tm.tm_hour, tm.tm_mday, tm.tm_mon, tm.tm_year, tm.tm_wday, tm.tm_yday, tm.tm_isdst); }}\n\
             return 0; }}\n",
            list.join(",")
        );
        let Some(out) = run_c(&src, &[]) else { return };
        let mut want = String::new();
        for v in &cases {
            let mut ints = [0i32; 9];
            for (k, x) in v.iter().enumerate() {
                ints[k] = *x as i32;
            }
            match mktime(&Tm::from_ints(ints, 0)) {
                Some((t, tm)) => {
                    let f = tm.ints();
                    want.push_str(&format!(
                        "{t} {} {} {} {} {} {} {} {} {}\n",
                        f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]
                    ));
                }
                None => want.push_str("-1\n"),
            }
        }
        let out = String::from_utf8_lossy(&out);
        for (k, (a, b)) in out.lines().zip(want.lines()).enumerate() {
            assert_eq!(a, b, "case {k}: {:?}", cases[k]);
        }
        assert_eq!(out.lines().count(), cases.len());
    }

    #[test]
    fn unknown_conversions_are_refused() {
        let tm = gmtime(0).unwrap();
        assert!(strftime(b"%U", &tm, b"GMT").is_err());
        assert!(strftime(b"%Ey", &tm, b"GMT").is_err());
        assert!(strftime(b"abc%", &tm, b"GMT").is_err());
    }
}
