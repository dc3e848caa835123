//! Small pictures of levels for the level list: each tile a block of its terrain's colour
//! (the mean colour of its art in `assets/tiles.png`, so the picture matches the map), each
//! unit a dot of its side's colour on its tile.

use crate::level::Level;
use crate::paths;
use crate::rules::grid::Pos;
use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::SystemTime;

/// A thumbnail's longer side is at most this many pixels (a map bigger than that gets one
/// pixel a tile, drawn larger on screen).
pub const THUMBNAIL_PIXELS: u32 = 120;
/// How large the level list draws a thumbnail's longer side.
pub const THUMBNAIL_SHOWN: f32 = 96.0;
/// Colour of a tile whose look the atlas lacks.
const UNKNOWN_TILE: [u8; 4] = [60, 60, 60, 255];
/// The tile art's cell size in `tiles.png`.
const ATLAS_CELL: u32 = crate::game::map_view::TILE as u32;

/// The mean colour of each cell of the tile atlas, by `Look::index`.
pub fn look_colours(atlas: &Image) -> Vec<[u8; 4]> {
    let (w, h) = (atlas.width(), atlas.height());
    (0..w / ATLAS_CELL)
        .map(|cell| {
            let mut sum = [0u64; 3];
            let mut n = 0u64;
            for y in 0..h.min(ATLAS_CELL) {
                for x in cell * ATLAS_CELL..(cell + 1) * ATLAS_CELL {
                    if let Ok(c) = atlas.get_color_at(x, y) {
                        let s = c.to_srgba();
                        for (acc, v) in sum.iter_mut().zip([s.red, s.green, s.blue]) {
                            *acc += (v * 255.0).round() as u64;
                        }
                        n += 1;
                    }
                }
            }
            let mean = |v: u64| (v / n.max(1)) as u8;
            [mean(sum[0]), mean(sum[1]), mean(sum[2]), 255]
        })
        .collect()
}

/// The level's picture: `scale` pixels a tile, with `looks` from [`look_colours`].
pub fn thumbnail(level: &Level, looks: &[[u8; 4]]) -> Image {
    let g = &level.grid;
    let scale = (THUMBNAIL_PIXELS / g.width.max(g.height).max(1)).max(1);
    let (w, h) = (g.width * scale, g.height * scale);
    let mut data = vec![0u8; (w * h * 4) as usize];
    let mut fill = |tx: u32, ty: u32, inset: u32, rgba: [u8; 4]| {
        for y in ty * scale + inset..(ty + 1) * scale - inset {
            for x in tx * scale + inset..(tx + 1) * scale - inset {
                let i = ((y * w + x) * 4) as usize;
                data[i..i + 4].copy_from_slice(&rgba);
            }
        }
    };
    for ty in 0..g.height {
        for tx in 0..g.width {
            let colour = g
                .kind(Pos::new(tx as i32, ty as i32))
                .and_then(|k| looks.get(k.look.index() as usize).copied())
                .unwrap_or(UNKNOWN_TILE);
            fill(tx, ty, 0, colour);
        }
    }
    // A unit's dot leaves a rim of its tile showing once tiles are big enough.
    let inset = if scale >= 4 { scale / 5 } else { 0 };
    for u in &level.units {
        let [r, gr, b] = level
            .sides
            .get(u.side)
            .map(|s| s.colour)
            .unwrap_or([255; 3]);
        if let (Ok(x), Ok(y)) = (u32::try_from(u.pos.x), u32::try_from(u.pos.y))
            && x < g.width
            && y < g.height
        {
            fill(x, y, inset, [r, gr, b, 255]);
        }
    }
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

/// The size a thumbnail is drawn at: its longer side [`THUMBNAIL_SHOWN`], its shape kept.
pub fn shown_size(image: &Image) -> Vec2 {
    let (w, h) = (image.width().max(1) as f32, image.height().max(1) as f32);
    let k = THUMBNAIL_SHOWN / w.max(h);
    Vec2::new(w * k, h * k)
}

/// The atlas's colours, read once; the thumbnail of each level file, made again when the
/// file changes.
#[derive(Resource, Default)]
pub struct Thumbnails {
    looks: Option<Vec<[u8; 4]>>,
    made: HashMap<PathBuf, (Option<SystemTime>, Handle<Image>, Vec2)>,
}

impl Thumbnails {
    /// The thumbnail of `level`, read from `file`, and the size to draw it at.
    pub fn of(
        &mut self,
        file: &std::path::Path,
        level: &Level,
        images: &mut Assets<Image>,
    ) -> (Handle<Image>, Vec2) {
        let modified = std::fs::metadata(file).and_then(|m| m.modified()).ok();
        if let Some((m, handle, size)) = self.made.get(file)
            && *m == modified
        {
            return (handle.clone(), *size);
        }
        let looks = self.looks.get_or_insert_with(read_look_colours);
        let image = thumbnail(level, looks);
        let size = shown_size(&image);
        let handle = images.add(image);
        self.made
            .insert(file.to_path_buf(), (modified, handle.clone(), size));
        (handle, size)
    }
}

/// The colours of `assets/tiles.png`; none (every tile grey) if it cannot be read.
fn read_look_colours() -> Vec<[u8; 4]> {
    read_atlas().map(|a| look_colours(&a)).unwrap_or_default()
}

/// `assets/tiles.png`, decoded.
pub fn read_atlas() -> Option<Image> {
    let bytes = std::fs::read(paths::assets_dir().join("tiles.png")).ok()?;
    Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::MAIN_WORLD,
    )
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Every shipped level gets a picture that is not blank: its terrain in the atlas's
    /// colours (several of them) and each unit's tile in its side's colour.
    #[test]
    fn every_level_gets_a_picture_of_its_terrain_and_units() {
        let looks = look_colours(&read_atlas().expect("assets/tiles.png decodes"));
        assert_eq!(looks.len(), 13, "one colour per Look");
        assert!(looks.iter().collect::<BTreeSet<_>>().len() > 8);
        let catalog = paths::load_catalog();
        let files = paths::level_files();
        assert!(files.len() >= 10);
        for f in files {
            let level = crate::level::load_level(&f, &catalog).expect("shipped level loads");
            let img = thumbnail(&level, &looks);
            let data = img.data.as_ref().expect("pixels kept");
            let scale = img.width() / level.grid.width;
            assert!(img.width().max(img.height()) <= THUMBNAIL_PIXELS.max(level.grid.width));
            assert_eq!(img.height(), level.grid.height * scale);
            let pixel = |x: u32, y: u32| {
                let i = ((y * img.width() + x) * 4) as usize;
                [data[i], data[i + 1], data[i + 2]]
            };
            let colours: BTreeSet<[u8; 3]> = data.chunks(4).map(|p| [p[0], p[1], p[2]]).collect();
            assert!(colours.len() >= 3, "{}: blank thumbnail", f.display());
            for u in &level.units {
                // The middle of the unit's tile.
                let c = pixel(
                    u.pos.x as u32 * scale + scale / 2,
                    u.pos.y as u32 * scale + scale / 2,
                );
                assert_eq!(c, level.sides[u.side].colour, "{}: {}", f.display(), u.name);
            }
            let tile = level.grid.kind(Pos::new(0, 0)).unwrap().look.index() as usize;
            if !level.units.iter().any(|u| u.pos == Pos::new(0, 0)) {
                assert_eq!(pixel(0, 0), looks[tile][..3]);
            }
        }
    }
}
