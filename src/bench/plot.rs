//! SVG plots of one device's results: bandwidth per space (bars) and the latency curves.
//! `plotters` with only its SVG backend: text is written as SVG `<text>`, so no font file and
//! no fontconfig is needed to draw.

use super::model::*;
use plotters::prelude::*;
use std::path::Path;

fn color(space: Space) -> RGBColor {
    match space {
        Space::Global => RGBColor(31, 119, 180),
        Space::Local => RGBColor(255, 127, 14),
        Space::Constant => RGBColor(44, 160, 44),
        Space::Private => RGBColor(214, 39, 40),
        Space::Image => RGBColor(148, 103, 189),
        Space::Generic => RGBColor(140, 86, 75),
    }
}

type PlotResult = Result<(), Box<dyn std::error::Error>>;

/// Horizontal bars, one per verified bandwidth benchmark, coloured by space.
pub fn bandwidth(d: &DeviceBench, path: &Path) -> PlotResult {
    let bars: Vec<&BenchResult> = d
        .results
        .iter()
        .filter(|r| r.metric == Metric::Bandwidth && r.ok() && r.value.is_some())
        .collect();
    let n = bars.len().max(1);
    let height = 120 + 22 * n as u32;
    let root = SVGBackend::new(path, (1000, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let max = bars
        .iter()
        .filter_map(|r| r.value)
        .fold(1.0f64, f64::max)
        .max(d.peaks.global_gbps.unwrap_or(0.0));
    let ids: Vec<String> = bars.iter().map(|r| r.id.clone()).collect();
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "{}: bandwidth per address space (GB/s, median)",
                d.device.name
            ),
            ("sans-serif", 18),
        )
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(230)
        .build_cartesian_2d(0f64..max * 1.08, -0.5f64..n as f64 - 0.5)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n)
        // Bar i is centred on y = n - 1 - i, top to bottom in table order.
        .y_label_formatter(&|y| {
            let k = y.round();
            let i = n as f64 - 1.0 - k;
            if (y - k).abs() < 1e-6 && i >= 0.0 && (i as usize) < ids.len() {
                ids[i as usize].clone()
            } else {
                String::new()
            }
        })
        .x_desc("GB/s")
        .draw()?;
    for space in [
        Space::Global,
        Space::Local,
        Space::Constant,
        Space::Private,
        Space::Image,
        Space::Generic,
    ] {
        let c = color(space);
        let mine: Vec<(usize, f64)> = bars
            .iter()
            .enumerate()
            .filter(|(_, r)| r.space == space)
            .map(|(i, r)| (i, r.value.unwrap_or(0.0)))
            .collect();
        if mine.is_empty() {
            continue;
        }
        chart
            .draw_series(mine.into_iter().map(|(i, v)| {
                let y = n as f64 - 1.0 - i as f64;
                Rectangle::new([(0.0, y - 0.35), (v, y + 0.35)], c.filled())
            }))?
            .label(space.name())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
    }
    if let Some(p) = d.peaks.global_gbps {
        chart
            .draw_series(LineSeries::new(
                [(p, -0.5), (p, n as f64 - 0.5)],
                BLACK.stroke_width(1),
            ))?
            .label(format!("global datasheet peak {p:.0}"))
            .legend(|(x, y)| PathElement::new([(x, y), (x + 12, y)], BLACK));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// ns per dependent load against the working set, one line per space, both axes logarithmic.
pub fn latency(d: &DeviceBench, path: &Path) -> PlotResult {
    let pts: Vec<&BenchResult> = d
        .results
        .iter()
        .filter(|r| r.metric == Metric::Latency && r.ok() && r.value.is_some())
        .collect();
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let xmax = pts
        .iter()
        .filter_map(|r| r.working_set)
        .max()
        .unwrap_or(2048)
        .max(2048) as f64;
    let ymax = pts.iter().filter_map(|r| r.value).fold(1.0f64, f64::max);
    let ymin = pts
        .iter()
        .filter_map(|r| r.value)
        .filter(|v| *v > 0.0)
        .fold(ymax, f64::min)
        .min(ymax / 2.0);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{}: latency by pointer chasing", d.device.name),
            ("sans-serif", 18),
        )
        .margin(10)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(
            (1024f64..xmax * 1.5).log_scale(),
            (ymin * 0.7..ymax * 1.5).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("working set")
        .y_desc("ns per load")
        .x_label_formatter(&|x| {
            let b = *x;
            if b >= (1u64 << 30) as f64 {
                format!("{:.0}G", b / (1u64 << 30) as f64)
            } else if b >= (1u64 << 20) as f64 {
                format!("{:.0}M", b / (1u64 << 20) as f64)
            } else {
                format!("{:.0}K", b / 1024.0)
            }
        })
        .draw()?;
    for space in [Space::Global, Space::Local, Space::Constant] {
        let c = color(space);
        let line: Vec<(f64, f64)> = pts
            .iter()
            .filter(|r| r.space == space)
            .map(|r| {
                (
                    r.working_set.unwrap_or(0) as f64,
                    r.value.unwrap_or(0.0).max(1e-3),
                )
            })
            .collect();
        if line.is_empty() {
            continue;
        }
        chart
            .draw_series(LineSeries::new(line.clone(), c.stroke_width(2)))?
            .label(space.name())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 14, y)], c.stroke_width(2)));
        chart.draw_series(line.into_iter().map(|p| Circle::new(p, 3, c.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plots_are_svg_with_the_labels() {
        let run = crate::bench::report::tests::sample();
        let dir = tempfile::tempdir().unwrap();
        let (b, l) = (dir.path().join("b.svg"), dir.path().join("l.svg"));
        bandwidth(&run.devices[0], &b).unwrap();
        latency(&run.devices[0], &l).unwrap();
        let b = std::fs::read_to_string(b).unwrap();
        assert!(
            b.starts_with("<svg") && b.contains("global/read/v4-u2"),
            "{b}"
        );
        assert!(
            !b.contains("global/read/broken"),
            "a failed benchmark is never drawn"
        );
        let l = std::fs::read_to_string(l).unwrap();
        assert!(l.contains("ns per load"));
    }
}
