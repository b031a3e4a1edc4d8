//! Wall-clock times as runs and reports print them, in UTC, through `humantime`'s RFC 3339.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Seconds since the Unix epoch, now (0 if the clock is before it).
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// `YYYY-MM-DDTHH:MM:SSZ`.
fn rfc3339(secs: u64) -> String {
    humantime::format_rfc3339_seconds(UNIX_EPOCH + Duration::from_secs(secs)).to_string()
}

/// `YYYY-MM-DD HH:MM`.
pub fn minutes(secs: u64) -> String {
    let s = rfc3339(secs);
    format!("{} {}", &s[..10], &s[11..16])
}

/// `YYYYMMDDTHHMMSSZ`: sorts as time does and is safe in a file name.
pub fn compact(secs: u64) -> String {
    rfc3339(secs).replace(['-', ':'], "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        // 2026-11-24 13:10:19 UTC.
        let t = 1_795_525_819;
        assert_eq!(minutes(t), "2026-11-24 13:10");
        assert_eq!(compact(t), "20261124T131019Z");
        assert_eq!(minutes(0), "1970-01-01 00:00");
    }
}
