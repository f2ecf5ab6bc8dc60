//! The cost model transfer plans are compared with: a fixed cost per copy
//! call and a cost per byte (the runtime's `struct ferry_cost_model`).
//! The comparison itself runs in the generated code, before the statement,
//! where the sizes are known.

use std::fmt;

/// What one copy costs: `latency_us` per call, plus its bytes over
/// `bandwidth_gbs` (1 GB/s moves 1000 bytes per microsecond).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CostModel {
    pub latency_us: f64,
    pub bandwidth_gbs: f64,
}

impl CostModel {
    /// The host simulation: a call into the runtime and a `memcpy`, about
    /// 50 ns to set up, 10 GB/s.
    pub const HOST: CostModel = CostModel {
        latency_us: 0.05,
        bandwidth_gbs: 10.0,
    };
    /// A PCIe-attached GPU: about 10 µs per copy call, 20 GB/s.
    pub const GPU: CostModel = CostModel {
        latency_us: 10.0,
        bandwidth_gbs: 20.0,
    };
    /// An on-chip DMA engine (the paper's target): about 1 µs to program a
    /// transfer, 5 GB/s.
    pub const DMA: CostModel = CostModel {
        latency_us: 1.0,
        bandwidth_gbs: 5.0,
    };

    /// The modeled time of copies in microseconds: `calls` calls moving
    /// `bytes` in all.
    pub fn time_us(&self, calls: u64, bytes: u64) -> f64 {
        calls as f64 * self.latency_us + bytes as f64 / self.bytes_per_us()
    }

    pub fn bytes_per_us(&self) -> f64 {
        self.bandwidth_gbs * 1000.0
    }

    /// `--transfer-cost`: a preset (`host`, `gpu`, `dma`) and/or
    /// `latency=MICROSECONDS` and `bandwidth=GB/S`, comma-separated, each
    /// overriding what comes before it; the host simulation's model is
    /// where it starts.
    pub fn parse(text: &str) -> Result<CostModel, String> {
        let mut model = CostModel::HOST;
        for item in text.split(',').map(str::trim) {
            match item.split_once('=') {
                None => {
                    model = match item {
                        "host" => CostModel::HOST,
                        "gpu" => CostModel::GPU,
                        "dma" => CostModel::DMA,
                        _ => {
                            return Err(format!(
                                "`{item}` is not a cost model (host, gpu, dma) nor KEY=VALUE"
                            ));
                        }
                    }
                }
                Some((key, value)) => {
                    let number: f64 = value
                        .trim()
                        .parse()
                        .ok()
                        .filter(|v: &f64| v.is_finite())
                        .ok_or_else(|| format!("`{value}` is not a number (in `{item}`)"))?;
                    match key.trim() {
                        "latency" if number >= 0.0 => model.latency_us = number,
                        "bandwidth" if number > 0.0 => model.bandwidth_gbs = number,
                        "latency" | "bandwidth" => {
                            return Err(format!(
                                "`{item}`: latency must be at least 0 and bandwidth above 0"
                            ));
                        }
                        other => {
                            return Err(format!(
                                "unknown cost `{other}` (latency in µs, bandwidth in GB/s)"
                            ));
                        }
                    }
                }
            }
        }
        Ok(model)
    }

    /// The fields of the runtime's `struct ferry_cost_model`, in order.
    pub fn c_fields(&self) -> [f64; 2] {
        [self.latency_us, self.bytes_per_us()]
    }
}

impl Default for CostModel {
    fn default() -> Self {
        CostModel::HOST
    }
}

impl fmt::Display for CostModel {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "latency={}µs,bandwidth={}GB/s",
            self.latency_us, self.bandwidth_gbs
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_overrides() {
        assert_eq!(CostModel::parse("gpu"), Ok(CostModel::GPU));
        let m = CostModel::parse("gpu,latency=5").unwrap();
        assert_eq!((m.latency_us, m.bandwidth_gbs), (5.0, 20.0));
        let m = CostModel::parse("bandwidth=2.5").unwrap();
        assert_eq!((m.latency_us, m.bandwidth_gbs), (0.05, 2.5));
        assert!(CostModel::parse("fast").is_err());
        assert!(CostModel::parse("latency=abc").is_err());
        assert!(CostModel::parse("bandwidth=0").is_err());
        assert!(CostModel::parse("latency=-1").is_err());
        assert!(CostModel::parse("speed=3").is_err());
    }

    #[test]
    fn time_is_calls_times_latency_plus_bytes_over_bandwidth() {
        // 10 calls of 10 µs, 2 MB at 20 GB/s = 100 µs.
        let t = CostModel::GPU.time_us(10, 2_000_000);
        assert!((t - 200.0).abs() < 1e-9, "{t}");
        assert_eq!(CostModel::GPU.c_fields(), [10.0, 20000.0]);
    }
}
