//! The expectations an isolation test program carries in its comments:
//!
//! ```c
//! // ferry-test: isolate --label kernel
//! // ferry-test: cflags -DN=10
//! // ferry-test: run 10 3 => to=480 from=40
//! // ferry-test: run => to=8 from=4
//! // ferry-test: compare out.txt
//! // ferry-test: refuse cannot be isolated
//! // ferry-test: plan exact
//! // ferry-test: run 10 3 => to=240 from=40 exact=12
//! ```
//!
//! `isolate` gives the selection flags (`validate`, flags only `ferry
//! validate` takes, such as `--original-may-fail`); each `run` one execution's
//! arguments and, after `=>`, the `bytes_to_accel` / `bytes_from_accel`
//! the transformed run must report, its transfers each way (`loads`,
//! `stores`: `transfers_to_accel` / `transfers_from_accel`) and its array
//! copies per transfer plan (`hull`, `rows`, `exact`, `rects`; any may be
//! left out); `plan P
//! [FLAGS]` starts a section whose runs isolate with `--transfer-plan P`
//! and FLAGS (the runs before the first `plan` use the defaults); `compare`
//! output files to compare; `cflags` compiler flags (paths relative to the
//! workspace root); `refuse` a text the diagnostic of a refused isolation
//! must contain. Lines may repeat (`compare` and `cflags` add up).

use crate::absolute_flags;

/// One `run` line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RunSpec {
    pub args: Vec<String>,
    pub to: Option<u64>,
    pub from: Option<u64>,
    /// Transfers to and from the accelerator (`transfers_to_accel`...).
    pub loads: Option<u64>,
    pub stores: Option<u64>,
    /// Array copies expected per transfer plan (`calls_hull`...).
    pub calls: Vec<(String, u64)>,
}

/// The transfer plans whose copies a run line may count.
pub const PLAN_KINDS: [&str; 4] = ["hull", "rows", "exact", "rects"];

/// A `plan` section: the flags it adds to `isolate` and its runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanSpec {
    pub flags: Vec<String>,
    pub runs: Vec<RunSpec>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spec {
    pub isolate: Vec<String>,
    pub cflags: Vec<String>,
    pub runs: Vec<RunSpec>,
    pub plans: Vec<PlanSpec>,
    pub compare: Vec<String>,
    /// Flags for `ferry validate` only (`--original-may-fail`).
    pub validate: Vec<String>,
    pub refuse: Option<String>,
}

impl Spec {
    /// `ferry validate PROGRAM` with the spec's selection and validation
    /// flags, `extra`, one `--run` per run of `runs`, the files to
    /// compare and the spec's CFLAGS.
    pub fn validate_args(
        &self,
        program: String,
        runs: &[RunSpec],
        extra: &[String],
    ) -> Vec<String> {
        let mut args = vec!["validate".to_owned(), program];
        args.extend(self.isolate.iter().cloned());
        args.extend(self.validate.iter().cloned());
        args.extend(extra.iter().cloned());
        for run in runs {
            args.push("--run".to_owned());
            args.push(run.args.join(" "));
        }
        if !self.compare.is_empty() {
            args.push("--compare-files".to_owned());
            args.extend(self.compare.iter().cloned());
        }
        args.extend(self.cflags.iter().cloned());
        args
    }
}

const PREFIX: &str = "// ferry-test:";

/// Reads the `// ferry-test:` lines of `source`; an error names the bad line.
pub fn parse(source: &str) -> Result<Spec, String> {
    let mut spec = Spec::default();
    for (number, line) in source.lines().enumerate() {
        let Some(rest) = line.trim().strip_prefix(PREFIX) else {
            continue;
        };
        let bad = |why: &str| format!("line {}: {why}: `{}`", number + 1, line.trim());
        let rest = rest.trim();
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match key {
            "isolate" => {
                if !spec.isolate.is_empty() {
                    return Err(bad("a second `isolate` line"));
                }
                spec.isolate = words(value);
            }
            "cflags" => spec.cflags.extend(absolute_flags(value)),
            "run" => {
                let r = run(value).map_err(|e| bad(&e))?;
                match spec.plans.last_mut() {
                    Some(plan) => plan.runs.push(r),
                    None => spec.runs.push(r),
                }
            }
            "plan" => {
                let mut words = words(value);
                if words.is_empty() {
                    return Err(bad("`plan` needs a transfer plan"));
                }
                let plan = words.remove(0);
                let mut flags = vec!["--transfer-plan".to_owned(), plan];
                flags.extend(words);
                spec.plans.push(PlanSpec {
                    flags,
                    runs: Vec::new(),
                });
            }
            "compare" => spec.compare.extend(words(value)),
            "validate" => spec.validate.extend(words(value)),
            "refuse" if value.is_empty() => return Err(bad("`refuse` needs a text")),
            "refuse" => spec.refuse = Some(value.to_owned()),
            _ => return Err(bad("unknown key")),
        }
    }
    if spec.isolate.is_empty() {
        return Err(format!("no `{PREFIX} isolate ...` line"));
    }
    if let Some(empty) = spec.plans.iter().find(|p| p.runs.is_empty()) {
        return Err(format!("`plan {}` has no run", empty.flags[1..].join(" ")));
    }
    if spec.refuse.is_some() && (!spec.runs.is_empty() || !spec.plans.is_empty()) {
        return Err("a refused isolation has nothing to run".to_owned());
    }
    Ok(spec)
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// `ARGS [=> to=N from=N]`.
fn run(value: &str) -> Result<RunSpec, String> {
    let (args, expected) = match value.split_once("=>") {
        Some((args, expected)) => (args, expected),
        None => (value, ""),
    };
    let mut spec = RunSpec {
        args: words(args),
        ..RunSpec::default()
    };
    for item in expected.split_whitespace() {
        let (key, number) = item
            .split_once('=')
            .ok_or_else(|| format!("`{item}` is not KEY=N"))?;
        let number: u64 = number
            .parse()
            .map_err(|_| format!("`{number}` is not a byte count"))?;
        match key {
            "to" => spec.to = Some(number),
            "from" => spec.from = Some(number),
            "loads" => spec.loads = Some(number),
            "stores" => spec.stores = Some(number),
            _ if PLAN_KINDS.contains(&key) => spec.calls.push((key.to_owned(), number)),
            _ => {
                return Err(format!(
                    "unknown expectation `{key}` (to, from, loads, stores, {})",
                    PLAN_KINDS.join(", ")
                ));
            }
        }
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_key() {
        let spec = parse(
            "// ferry-test: isolate --label kernel\n\
             int x;\n\
             // ferry-test: cflags -DN=10\n\
             // ferry-test: run 10 3 => to=480 from=40 loads=2\n\
             // ferry-test: run => from=4 stores=1\n\
             // ferry-test: compare out.txt b.txt\n",
        )
        .unwrap();
        assert_eq!(spec.isolate, ["--label", "kernel"]);
        assert_eq!(spec.cflags, ["-DN=10"]);
        assert_eq!(
            spec.runs,
            [
                RunSpec {
                    args: vec!["10".into(), "3".into()],
                    to: Some(480),
                    from: Some(40),
                    loads: Some(2),
                    stores: None,
                    calls: vec![],
                },
                RunSpec {
                    args: vec![],
                    to: None,
                    from: Some(4),
                    loads: None,
                    stores: Some(1),
                    calls: vec![],
                }
            ]
        );
        assert_eq!(spec.compare, ["out.txt", "b.txt"]);
        assert_eq!(spec.refuse, None);
        assert!(spec.plans.is_empty());
    }

    #[test]
    fn plan_sections_collect_their_runs() {
        let spec = parse(
            "// ferry-test: isolate --pragma\n\
             // ferry-test: run 10 => to=8\n\
             // ferry-test: plan exact\n\
             // ferry-test: run 10 => to=4 exact=3 hull=0\n\
             // ferry-test: plan auto --transfer-cost gpu\n\
             // ferry-test: run 20\n",
        )
        .unwrap();
        assert_eq!(spec.runs.len(), 1);
        assert_eq!(spec.plans.len(), 2);
        assert_eq!(spec.plans[0].flags, ["--transfer-plan", "exact"]);
        assert_eq!(
            spec.plans[0].runs[0].calls,
            [("exact".to_owned(), 3), ("hull".to_owned(), 0)]
        );
        assert_eq!(
            spec.plans[1].flags,
            ["--transfer-plan", "auto", "--transfer-cost", "gpu"]
        );
        assert!(parse("// ferry-test: isolate --pragma\n// ferry-test: plan exact\n").is_err());
        assert!(parse("// ferry-test: isolate --pragma\n// ferry-test: plan\n").is_err());
    }

    #[test]
    fn refuses_what_it_does_not_understand() {
        assert!(parse("int x;").is_err(), "no isolate line");
        assert!(parse("// ferry-test: isolate --pragma\n// ferry-test: rnu 1").is_err());
        assert!(parse("// ferry-test: isolate --pragma\n// ferry-test: run 1 => to=x").is_err());
        assert!(parse("// ferry-test: isolate --pragma\n// ferry-test: run 1 => by=3").is_err());
        assert!(
            parse("// ferry-test: isolate --pragma\n// ferry-test: refuse x\n// ferry-test: run 1")
                .is_err()
        );
    }
}
