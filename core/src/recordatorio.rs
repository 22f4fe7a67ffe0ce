//! Reminders before a reservation (the branch's `recordatorios_horas`, e.g. 24 and 3 hours
//! before): which one is due, if any. Storage records each reminder sent, so a reservation gets
//! each at most once whatever the instances and restarts; this rule only says which is due.

use chrono::{DateTime, Duration, Utc};

use crate::ReglaError;

/// How many reminders a branch may send per reservation.
pub const RECORDATORIOS_MAX: usize = 3;
/// The earliest a reminder may go: a week before.
pub const HORAS_MAX: u32 = 168;

/// The branch's reminder hours checked: each from 1 to [`HORAS_MAX`], distinct, at most
/// [`RECORDATORIOS_MAX`]; answered from the earliest (most hours) to the latest. Empty: off.
pub fn exigir_horas(horas: &[u32]) -> Result<Vec<u32>, ReglaError> {
    let mut v = horas.to_vec();
    v.sort_unstable_by(|a, b| b.cmp(a));
    v.dedup();
    if v.len() != horas.len()
        || v.len() > RECORDATORIOS_MAX
        || v.iter().any(|h| !(1..=HORAS_MAX).contains(h))
    {
        return Err(ReglaError::RecordatoriosInvalidos {
            max: RECORDATORIOS_MAX,
            horas_max: HORAS_MAX,
        });
    }
    Ok(v)
}

/// The reminders box as staff type it ("24, 3"; "24 h; 3 horas"; empty: off): whole hours
/// separated by commas or semicolons, each optionally followed by h, hr(s) or hora(s), then
/// checked as [`exigir_horas`]; answered from the earliest to the latest.
pub fn leer_horas(texto: &str) -> Result<Vec<u32>, ReglaError> {
    let mut horas = Vec::new();
    for parte in texto
        .split([',', ';'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let digitos = parte.trim_end_matches('.').trim_end();
        let digitos = ["horas", "hora", "hrs", "hr", "h"]
            .iter()
            .find_map(|s| {
                let n = digitos.len().checked_sub(s.len())?;
                digitos
                    .get(n..)
                    .filter(|fin| fin.eq_ignore_ascii_case(s))
                    .map(|_| digitos[..n].trim_end())
            })
            .unwrap_or(digitos);
        match digitos.parse::<u32>() {
            Ok(h) if !digitos.is_empty() && digitos.bytes().all(|b| b.is_ascii_digit()) => {
                horas.push(h)
            }
            _ => return Err(ReglaError::HorasIlegibles(parte.to_owned())),
        }
    }
    exigir_horas(&horas)
}

/// The reminder due for a reservation at `para` (its time, as an instant) booked at `creada`,
/// at `ahora`: of the branch's `horas` whose moment (`para` − h) has come, the latest (fewest
/// hours), unless that one or a later one was `enviados` already. A reminder whose moment came
/// before the booking was made is not sent (the confirmation has just gone), nor one once the
/// reservation's time has come. `None`: nothing to send now.
pub fn debido(
    horas: &[u32],
    enviados: &[u32],
    para: DateTime<Utc>,
    creada: DateTime<Utc>,
    ahora: DateTime<Utc>,
) -> Option<u32> {
    if ahora >= para {
        return None;
    }
    let momento = |h: u32| para - Duration::hours(i64::from(h));
    let h = horas
        .iter()
        .copied()
        .filter(|&h| momento(h) <= ahora && momento(h) > creada)
        .min()?;
    if enviados.iter().any(|&e| e <= h) {
        return None;
    }
    Some(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn hours_are_distinct_bounded_and_few() {
        assert_eq!(exigir_horas(&[3, 24]), Ok(vec![24, 3]));
        assert_eq!(exigir_horas(&[]), Ok(vec![]));
        for malas in [&[0][..], &[169], &[3, 3], &[1, 2, 3, 4]] {
            assert!(exigir_horas(malas).is_err(), "{malas:?}");
        }
    }

    #[test]
    fn the_box_reads_hours_as_staff_type_them() {
        assert_eq!(leer_horas("24, 3"), Ok(vec![24, 3]));
        assert_eq!(leer_horas(" 3;24 h, 1hr "), Ok(vec![24, 3, 1]));
        assert_eq!(leer_horas("48 horas,"), Ok(vec![48]));
        assert_eq!(leer_horas("  "), Ok(vec![]));
        assert_eq!(
            leer_horas("24, tres"),
            Err(ReglaError::HorasIlegibles("tres".into()))
        );
        for malo in ["1.5", "24 3", "-3", "h"] {
            assert!(
                matches!(leer_horas(malo), Err(ReglaError::HorasIlegibles(_))),
                "{malo}"
            );
        }
        assert!(matches!(
            leer_horas("0"),
            Err(ReglaError::RecordatoriosInvalidos { .. })
        ));
        assert!(matches!(
            leer_horas("24, 24"),
            Err(ReglaError::RecordatoriosInvalidos { .. })
        ));
    }

    #[test]
    fn the_latest_due_reminder_goes_once() {
        let para = t("2026-11-26T02:00:00Z");
        let creada = t("2026-11-20T12:00:00Z");
        let horas = [24, 3];
        // Two days before: nothing yet.
        assert_eq!(
            debido(&horas, &[], para, creada, t("2026-11-24T02:00:00Z")),
            None
        );
        // Within 24 h: the first.
        assert_eq!(
            debido(&horas, &[], para, creada, t("2026-11-25T03:00:00Z")),
            Some(24)
        );
        assert_eq!(
            debido(&horas, &[24], para, creada, t("2026-11-25T03:00:00Z")),
            None
        );
        // Within 3 h: the second, even when the first was missed (only the second goes).
        assert_eq!(
            debido(&horas, &[24], para, creada, t("2026-11-25T23:30:00Z")),
            Some(3)
        );
        assert_eq!(
            debido(&horas, &[], para, creada, t("2026-11-25T23:30:00Z")),
            Some(3)
        );
        assert_eq!(
            debido(&horas, &[3], para, creada, t("2026-11-25T23:30:00Z")),
            None
        );
        // At its time, nothing.
        assert_eq!(debido(&horas, &[], para, creada, para), None);
    }

    #[test]
    fn a_reminder_whose_moment_came_before_the_booking_is_skipped() {
        let para = t("2026-11-26T02:00:00Z");
        // Booked 10 h before: the 24 h reminder never goes, the 3 h one does.
        let creada = t("2026-11-25T16:00:00Z");
        assert_eq!(
            debido(&[24, 3], &[], para, creada, t("2026-11-25T17:00:00Z")),
            None
        );
        assert_eq!(
            debido(&[24, 3], &[], para, creada, t("2026-11-25T23:00:00Z")),
            Some(3)
        );
        // Booked an hour before: none.
        let creada = t("2026-11-26T01:00:00Z");
        assert_eq!(
            debido(&[24, 3], &[], para, creada, t("2026-11-26T01:30:00Z")),
            None
        );
    }
}
