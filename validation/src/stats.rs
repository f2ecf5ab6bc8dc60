//! The transfer statistics the runtime writes at exit (`FERRY_STATS`).

use crate::error::Error;
use crate::exec::Status;
use std::path::Path;

/// What one run of a transformed program moved and allocated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub bytes_to_accel: u64,
    pub bytes_from_accel: u64,
    pub transfers_to_accel: u64,
    pub transfers_from_accel: u64,
    pub accel_allocations: u64,
    pub accel_bytes_allocated: u64,
    /// The part of `bytes_to_accel` that scalars (copied whole) account for.
    pub scalar_bytes_to_accel: u64,
    /// The part of `bytes_from_accel` that scalars account for.
    pub scalar_bytes_from_accel: u64,
    /// Array copies (both ways) per transfer plan: hull, rows, exact,
    /// rects (the runtime's `enum ferry_plan`). Optional in the file: a
    /// runtime that knows no plans (the test DMA engine) leaves them out.
    pub plan_calls: PlanCalls,
    /// Kernels launched (offloading targets; optional in the file, 0 for
    /// the host simulation).
    pub kernel_launches: u64,
    /// Wall time in the array copies and in the kernels, nanoseconds
    /// (optional in the file). Measurements: no two runs agree on them.
    pub transfer_ns: u64,
    pub kernel_ns: u64,
    /// The iterations the launches covered: per launch, the product of
    /// its dimensions' counts (optional in the file).
    pub work_items: u64,
}

/// Array copies per transfer plan.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlanCalls {
    pub hull: u64,
    pub rows: u64,
    pub exact: u64,
    pub rects: u64,
}

const PLAN_FIELDS: [&str; 4] = ["calls_hull", "calls_rows", "calls_exact", "calls_rects"];
const LAUNCHES: &str = "kernel_launches";
const WORK_ITEMS: &str = "work_items";
const TIMES: [&str; 2] = ["transfer_ns", "kernel_ns"];

impl PlanCalls {
    fn fields(&self) -> [u64; 4] {
        [self.hull, self.rows, self.exact, self.rects]
    }

    pub fn total(&self) -> u64 {
        self.fields().iter().sum()
    }
}

const FIELDS: [&str; 8] = [
    "bytes_to_accel",
    "bytes_from_accel",
    "transfers_to_accel",
    "transfers_from_accel",
    "accel_allocations",
    "accel_bytes_allocated",
    "scalar_bytes_to_accel",
    "scalar_bytes_from_accel",
];

impl Stats {
    fn fields(&self) -> [u64; 8] {
        [
            self.bytes_to_accel,
            self.bytes_from_accel,
            self.transfers_to_accel,
            self.transfers_from_accel,
            self.accel_allocations,
            self.accel_bytes_allocated,
            self.scalar_bytes_to_accel,
            self.scalar_bytes_from_accel,
        ]
    }

    /// The runtime's own JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let map = FIELDS
            .iter()
            .zip(self.fields())
            .chain(PLAN_FIELDS.iter().zip(self.plan_calls.fields()))
            .chain(std::iter::once((&LAUNCHES, self.kernel_launches)))
            .chain(TIMES.iter().zip([self.transfer_ns, self.kernel_ns]))
            .chain(std::iter::once((&WORK_ITEMS, self.work_items)))
            .map(|(name, value)| (name.to_string(), serde_json::Value::from(value)))
            .collect();
        serde_json::Value::Object(map)
    }

    /// Parses the runtime's JSON object; every field is required but the
    /// plan calls and the launches.
    pub fn parse(text: &str) -> Result<Stats, String> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let field = |name: &str| {
            value
                .get(name)
                .and_then(serde_json::Value::as_u64)
                .ok_or_else(|| format!("no unsigned integer `{name}` in {}", text.trim()))
        };
        let optional = |name: &str| match value.get(name) {
            None => Ok(0),
            Some(_) => field(name),
        };
        Ok(Stats {
            bytes_to_accel: field(FIELDS[0])?,
            bytes_from_accel: field(FIELDS[1])?,
            transfers_to_accel: field(FIELDS[2])?,
            transfers_from_accel: field(FIELDS[3])?,
            accel_allocations: field(FIELDS[4])?,
            accel_bytes_allocated: field(FIELDS[5])?,
            scalar_bytes_to_accel: field(FIELDS[6])?,
            scalar_bytes_from_accel: field(FIELDS[7])?,
            plan_calls: PlanCalls {
                hull: optional(PLAN_FIELDS[0])?,
                rows: optional(PLAN_FIELDS[1])?,
                exact: optional(PLAN_FIELDS[2])?,
                rects: optional(PLAN_FIELDS[3])?,
            },
            kernel_launches: optional(LAUNCHES)?,
            transfer_ns: optional(TIMES[0])?,
            kernel_ns: optional(TIMES[1])?,
            work_items: optional(WORK_ITEMS)?,
        })
    }
}

/// The statistics of a transformed run that ended with `status`.
///
/// The runtime registers its exit handler at its first call, so a run
/// that exits normally without ever calling it writes no file: that is
/// zero transfers. A run that crashed or was killed writes none either:
/// then nothing is known (`None`). A file that is there but unreadable is
/// the runtime's bug.
pub fn read(path: &Path, status: &Status) -> Result<Option<Stats>, Error> {
    match std::fs::read_to_string(path) {
        Ok(text) => Stats::parse(&text).map(Some).map_err(|e| {
            Error::Io(format!(
                "the runtime's statistics file {} is malformed: {e}",
                path.display()
            ))
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(match status {
            Status::Exited(_) => Some(Stats::default()),
            Status::Signaled(_) | Status::TimedOut => None,
        }),
        Err(e) => Err(Error::Io(format!("cannot read {}: {e}", path.display()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_runtime_format() {
        let text = "{\"bytes_to_accel\":480,\"bytes_from_accel\":40,\"transfers_to_accel\":2,\
                    \"transfers_from_accel\":1,\"accel_allocations\":3,\"accel_bytes_allocated\":520,\
                    \"scalar_bytes_to_accel\":4,\"scalar_bytes_from_accel\":0,\
                    \"calls_hull\":1,\"calls_rows\":0,\"calls_exact\":7,\"calls_rects\":2}\n";
        let stats = Stats::parse(text).unwrap();
        assert_eq!(stats.plan_calls.exact, 7);
        assert_eq!(stats.plan_calls.total(), 10);
        assert_eq!(stats.bytes_to_accel, 480);
        assert_eq!(stats.bytes_from_accel, 40);
        assert_eq!(stats.accel_bytes_allocated, 520);
        assert_eq!(stats.scalar_bytes_to_accel, 4);
        assert_eq!(Stats::parse(&stats.to_json().to_string()), Ok(stats));
    }

    #[test]
    fn a_missing_field_is_an_error() {
        assert!(Stats::parse("{\"bytes_to_accel\":1}").is_err());
    }

    #[test]
    fn plan_calls_are_optional() {
        let text = "{\"bytes_to_accel\":8,\"bytes_from_accel\":0,\"transfers_to_accel\":1,\
                    \"transfers_from_accel\":0,\"accel_allocations\":1,\"accel_bytes_allocated\":8,\
                    \"scalar_bytes_to_accel\":0,\"scalar_bytes_from_accel\":0}";
        assert_eq!(Stats::parse(text).unwrap().plan_calls, PlanCalls::default());
        assert!(Stats::parse(&text.replace('}', ",\"calls_rows\":-1}")).is_err());
    }
}
