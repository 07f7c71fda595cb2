//! The SVG a figure draws, turned into a 300-dpi PNG (resvg, written by `png` with its `pHYs`
//! chunk) and a PDF (svg2pdf, text embedded). Both go through one usvg tree parsed with the
//! embedded DejaVu Sans, so that the three files show the same figure and no system font is
//! needed.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia;
use svg2pdf::usvg;

use crate::render::RenderError;

/// Resolution of the PNG, dots per inch.
pub const PNG_DPI: f64 = 300.0;
/// SVG user units per inch (CSS px).
pub const SVG_DPI: f64 = 96.0;

/// The PNG's `pHYs` value: pixels per metre at [`PNG_DPI`] (11,811).
pub fn png_pixels_per_metre() -> u32 {
    (PNG_DPI / 0.0254).round() as u32
}

fn fontdb() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(super::FONT_BYTES.to_vec());
        db.set_sans_serif_family("DejaVu Sans");
        Arc::new(db)
    })
    .clone()
}

fn err(figure: &str, what: &str, e: impl std::fmt::Display) -> RenderError {
    RenderError::Plot {
        figure: figure.to_string(),
        message: format!("{what}: {e}"),
    }
}

/// Parse an SVG document with the embedded font.
pub fn parse(figure: &str, svg: &str) -> Result<usvg::Tree, RenderError> {
    let opts = usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: fontdb(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &opts).map_err(|e| err(figure, "parsing the SVG", e))
}

/// The SVG rasterised at [`PNG_DPI`] on white, as PNG bytes with a `pHYs` chunk.
pub fn png(figure: &str, tree: &usvg::Tree) -> Result<Vec<u8>, RenderError> {
    let scale = (PNG_DPI / SVG_DPI) as f32;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).round() as u32,
        (size.height() * scale).round() as u32,
    );
    let mut pixmap =
        tiny_skia::Pixmap::new(w, h).ok_or_else(|| err(figure, "PNG size", format!("{w}x{h}")))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // Opaque (drawn on white): the premultiplied RGBA is plain RGB plus alpha 255.
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Best);
        let ppm = png_pixels_per_metre();
        enc.set_pixel_dims(Some(png::PixelDimensions {
            xppu: ppm,
            yppu: ppm,
            unit: png::Unit::Meter,
        }));
        let mut writer = enc.write_header().map_err(|e| err(figure, "PNG", e))?;
        writer
            .write_image_data(&rgb)
            .map_err(|e| err(figure, "PNG", e))?;
    }
    Ok(out)
}

/// The SVG as a one-page vector PDF, [`SVG_DPI`] user units per inch (a 624-unit-wide figure is
/// 6.5 in wide), with the font embedded (subset).
pub fn pdf(figure: &str, tree: &usvg::Tree) -> Result<Vec<u8>, RenderError> {
    let page = svg2pdf::PageOptions {
        dpi: SVG_DPI as f32,
    };
    svg2pdf::to_pdf(tree, svg2pdf::ConversionOptions::default(), page)
        .map_err(|e| err(figure, "PDF", e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dpi_constants() {
        assert_eq!(png_pixels_per_metre(), 11_811);
        // The standard canvas prints at the text width.
        let width_in = f64::from(crate::render::plot::style::SIZE.0) / SVG_DPI;
        assert!((width_in - crate::render::plot::style::PRINT_WIDTH_IN).abs() < 1e-9);
    }

    #[test]
    fn text_svg_converts_with_the_embedded_font() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="96" height="48">
            <rect width="96" height="48" fill="white"/>
            <text x="4" y="30" font-family="sans-serif" font-size="16">Ag 12</text></svg>"#;
        let tree = parse("test", svg).unwrap();
        let png = png("test", &tree).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let pdf = pdf("test", &tree).unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        // The glyphs were found: the PDF embeds a font program.
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("FontFile"), "no embedded font");
    }
}
