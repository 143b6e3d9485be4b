//! SVG charts of analyses, drawn with plotters' SVG backend: a measure's distribution as
//! bars with its at-least and at-most curves, a one-input sweep as a line, a two-input
//! sweep as a heat map, and several versions of one measure as grouped bars. Text is left
//! to the viewer (no font is read), so the same report gives the same file everywhere.

use plotters::prelude::*;

use super::report::{Measure, Report};
use super::sweep::Sweep;

/// Chart size in pixels.
const SIZE: (u32, u32) = (800, 480);

type Drawn = Result<(), Box<dyn std::error::Error>>;

/// Colours of successive series (A, B, ...).
const PALETTE: [RGBColor; 4] =
    [RGBColor(70, 110, 180), RGBColor(220, 120, 50), RGBColor(80, 160, 90), RGBColor(150, 90, 170)];

fn finish(svg: String, drawn: Drawn) -> Result<String, String> {
    drawn.map_err(|error| format!("cannot draw the chart: {error}"))?;
    Ok(svg)
}

/// `measure` as bars (probability of each value) with the at-least and at-most curves.
pub fn distribution(measure: &Measure, title: &str) -> Result<String, String> {
    let mut svg = String::new();
    let drawn = (|| -> Drawn {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let low = measure.outcomes.first().map_or(0, |o| o.value) as f64 - 0.5;
        let high = measure.outcomes.last().map_or(0, |o| o.value) as f64 + 0.5;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(35)
            .y_label_area_size(50)
            .build_cartesian_2d(low..high, 0.0..1.0)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(measure.name.as_str())
            .y_desc("probability")
            .y_label_formatter(&|p| format!("{:.0}%", p * 100.0))
            .draw()?;
        chart
            .draw_series(measure.outcomes.iter().map(|o| {
                let x = o.value as f64;
                Rectangle::new([(x - 0.4, 0.0), (x + 0.4, o.p)], PALETTE[0].mix(0.8).filled())
            }))?
            .label("exactly")
            .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], PALETTE[0].filled()));
        let mut below = 0.0;
        let mass: f64 = measure.outcomes.iter().map(|o| o.p).sum();
        let mut at_least = Vec::new();
        let mut at_most = Vec::new();
        for o in &measure.outcomes {
            at_least.push((o.value as f64, mass - below));
            below += o.p;
            at_most.push((o.value as f64, below));
        }
        chart
            .draw_series(LineSeries::new(at_least, PALETTE[1].stroke_width(2)))?
            .label("at least")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], PALETTE[1].stroke_width(2)));
        chart
            .draw_series(LineSeries::new(at_most, PALETTE[2].stroke_width(2)))?
            .label("at most")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], PALETTE[2].stroke_width(2)));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
        Ok(())
    })();
    finish(svg, drawn)
}

/// The `focus` measure of several versions (rule versions, policies) as grouped bars.
pub fn versions(reports: &[(String, &Report)], focus: &str) -> Result<String, String> {
    let mut svg = String::new();
    let drawn = (|| -> Drawn {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let measures: Vec<Option<&Measure>> =
            reports.iter().map(|(_, r)| r.measure(focus)).collect();
        let values: Vec<i64> = {
            let mut v: Vec<i64> = measures
                .iter()
                .flatten()
                .flat_map(|m| m.outcomes.iter().map(|o| o.value))
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let low = values.first().copied().unwrap_or(0) as f64 - 0.5;
        let high = values.last().copied().unwrap_or(0) as f64 + 0.5;
        let top = measures
            .iter()
            .flatten()
            .flat_map(|m| m.outcomes.iter().map(|o| o.p))
            .fold(0.0, f64::max);
        let mut chart = ChartBuilder::on(&root)
            .caption(focus, ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(35)
            .y_label_area_size(50)
            .build_cartesian_2d(low..high, 0.0..(top * 1.1).max(0.01))?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_desc("probability")
            .y_label_formatter(&|p| format!("{:.0}%", p * 100.0))
            .draw()?;
        let width = 0.8 / reports.len().max(1) as f64;
        for (index, ((name, _), measure)) in reports.iter().zip(&measures).enumerate() {
            let Some(measure) = measure else { continue };
            let colour = PALETTE[index % PALETTE.len()];
            let offset = -0.4 + width * index as f64;
            chart
                .draw_series(measure.outcomes.iter().map(|o| {
                    let x = o.value as f64 + offset;
                    Rectangle::new([(x, 0.0), (x + width, o.p)], colour.filled())
                }))?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled())
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
        Ok(())
    })();
    finish(svg, drawn)
}

/// A sweep's `focus` measure: a line over one input, a heat map over two.
pub fn sweep(sweep: &Sweep, focus: &str) -> Result<String, String> {
    let mut svg = String::new();
    let values: Vec<Option<f64>> =
        sweep.points.iter().map(|p| p.report.measure(focus).map(Measure::headline)).collect();
    let low = values.iter().flatten().fold(f64::INFINITY, |a, b| a.min(*b));
    let high = values.iter().flatten().fold(f64::NEG_INFINITY, |a, b| a.max(*b));
    let (low, high) = if low.is_finite() { (low, high.max(low + 1e-9)) } else { (0.0, 1.0) };
    let drawn = (|| -> Drawn {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        match sweep.axes.as_slice() {
            [axis] => {
                let first = *axis.values.first().unwrap_or(&0) as f64;
                let last = *axis.values.last().unwrap_or(&0) as f64;
                let mut chart = ChartBuilder::on(&root)
                    .caption(focus, ("sans-serif", 20))
                    .margin(10)
                    .x_label_area_size(35)
                    .y_label_area_size(60)
                    .build_cartesian_2d(
                        first..last.max(first + 1.0),
                        (low.min(0.0))..(high * 1.1),
                    )?;
                chart.configure_mesh().x_desc(axis.label()).y_desc(focus).draw()?;
                let line: Vec<(f64, f64)> = sweep
                    .points
                    .iter()
                    .zip(&values)
                    .filter_map(|(p, v)| v.map(|v| (p.values[0] as f64, v)))
                    .collect();
                chart.draw_series(LineSeries::new(line.clone(), PALETTE[0].stroke_width(2)))?;
                chart.draw_series(
                    line.into_iter().map(|point| Circle::new(point, 3, PALETTE[0].filled())),
                )?;
            }
            [rows, columns] => {
                let x_range = -0.5..(columns.values.len() as f64 - 0.5);
                let y_range = -0.5..(rows.values.len() as f64 - 0.5);
                let mut chart = ChartBuilder::on(&root)
                    .caption(
                        format!("{focus} ({low:.3} light .. {high:.3} dark)"),
                        ("sans-serif", 18),
                    )
                    .margin(10)
                    .x_label_area_size(35)
                    .y_label_area_size(60)
                    .build_cartesian_2d(x_range, y_range)?;
                let column_label = |x: &f64| {
                    columns.values.get(x.round() as usize).map_or(String::new(), |v| v.to_string())
                };
                let row_label = |y: &f64| {
                    rows.values.get(y.round() as usize).map_or(String::new(), |v| v.to_string())
                };
                chart
                    .configure_mesh()
                    .disable_mesh()
                    .x_labels(columns.values.len())
                    .y_labels(rows.values.len())
                    .x_label_formatter(&column_label)
                    .y_label_formatter(&row_label)
                    .x_desc(columns.label())
                    .y_desc(rows.label())
                    .draw()?;
                let cells = values.iter().enumerate().filter_map(|(index, value)| {
                    let value = (*value)?;
                    let (r, c) = (index / columns.values.len(), index % columns.values.len());
                    let shade = (value - low) / (high - low);
                    let colour = RGBColor(
                        (250.0 - 200.0 * shade) as u8,
                        (250.0 - 160.0 * shade) as u8,
                        (250.0 - 60.0 * shade) as u8,
                    );
                    let (x, y) = (c as f64, r as f64);
                    Some(Rectangle::new([(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)], colour.filled()))
                });
                chart.draw_series(cells)?;
            }
            _ => {}
        }
        root.present()?;
        Ok(())
    })();
    finish(svg, drawn)
}
