//! The byte format of pattern database tables (header, tables, checksum) and a file cache for them.

use std::path::Path;

use super::board::Geometry;
use super::checksum::Sum;
use super::error::PdbError;
use super::packed::{packed_len, Manhattan};
use super::partition::{partition_key, Partition};
use super::rank::placements;
use super::table::{GroupTable, PdbTables};

#[cfg(not(target_arch = "wasm32"))]
use super::huge_pages::loaded_table;

/// A zeroed table buffer (natively, huge pages when asked for: `huge_pages`).
#[cfg(target_arch = "wasm32")]
fn loaded_table(len: usize) -> Vec<u8> {
    vec![0; len]
}

/// The first eight bytes of every pattern database file.
const MAGIC: &[u8; 8] = b"PZLABPDB";
/// The format version of [`PdbTables::to_bytes`] (the browser's cache), checksummed byte by byte. It holds
/// tables at half a byte an entry (`packed`, `PACKED_GROUP`); version 1 (a byte an entry always) is refused,
/// so that a browser's entries of it are built again, packed.
pub const FORMAT_VERSION: u32 = 3;
/// The format version of the files the native cache writes ([`load_or_build`]): the same layout with a
/// checksum over 8-byte words in four lanes, fast enough for the 577 MB of the 7-8 tables (the byte-wise
/// one would take most of a second). Both versions are read.
pub const FILE_FORMAT_VERSION: u32 = 2;
/// Set in a group's size byte when its table holds two entries a byte (`packed`).
const PACKED_GROUP: u8 = 0x80;
/// Magic, version, width, height, blank cell, group count.
const FIXED_HEADER: usize = 8 + 4 + 4;
const CHECKSUM_BYTES: usize = 8;

/// The checksum of format `version`, or `None` for a version this code does not read.
fn sum_of_version(version: u32) -> Option<Sum> {
    match version {
        FORMAT_VERSION => Some(Sum::byte_wise()),
        FILE_FORMAT_VERSION => Some(Sum::word_wise()),
        _ => None,
    }
}

impl PdbTables {
    /// The tables as bytes (little-endian):
    /// `PZLABPDB`, version (u32), width, height, blank cell, group count (u8 each), then per group
    /// its size (with `PACKED_GROUP` set when its table is packed) and cells (u8 each), then each
    /// group's table, then an FNV-1a 64 checksum of all the bytes before it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.byte_len());
        self.write_pieces(|piece| out.extend_from_slice(piece));
        out
    }

    /// The length of [`PdbTables::to_bytes`].
    pub fn byte_len(&self) -> usize {
        let values: usize = self.groups.iter().map(|g| g.values.len()).sum();
        self.header_len() + values + CHECKSUM_BYTES
    }

    /// Hands the bytes of [`PdbTables::to_bytes`] to `write` in order, a piece at a time (the
    /// header, each group's table, the checksum), so that they can be copied elsewhere (into a
    /// JavaScript array, say) without a second copy of the tables in this memory.
    pub fn write_pieces(&self, write: impl FnMut(&[u8])) {
        self.write_version_pieces(FORMAT_VERSION, write);
    }

    /// [`PdbTables::to_bytes`] in format [`FILE_FORMAT_VERSION`] (the native cache's files).
    pub fn to_file_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.byte_len());
        self.write_version_pieces(FILE_FORMAT_VERSION, |piece| out.extend_from_slice(piece));
        out
    }

    /// The pieces of format `version` ([`FORMAT_VERSION`] or [`FILE_FORMAT_VERSION`]).
    fn write_version_pieces(&self, version: u32, mut write: impl FnMut(&[u8])) {
        let header = self.header(version);
        let Some(mut sum) = sum_of_version(version) else {
            unreachable!("only the two versions are written");
        };
        sum.add(&header);
        write(&header);
        for g in &self.groups {
            sum.add(&g.values);
            write(&g.values);
        }
        write(&sum.finish().to_le_bytes());
    }

    /// Reads tables written by [`PdbTables::to_bytes`]. Every kind of damage gives an error that
    /// says what is wrong (never a panic); the remedy is always to rebuild.
    pub fn from_bytes(bytes: &[u8]) -> Result<PdbTables, PdbError> {
        PdbTables::read_pieces(bytes.len(), |at, out| {
            out.copy_from_slice(&bytes[at..at + out.len()])
        })
    }

    /// [`PdbTables::from_bytes`] from `len` bytes held elsewhere (a JavaScript array, say):
    /// `read(at, out)` fills `out` with the bytes from offset `at` (never past `len`). Each group's
    /// table is read straight into its own buffer, so no second copy of the bytes is made here.
    pub fn read_pieces(
        len: usize,
        mut read: impl FnMut(usize, &mut [u8]),
    ) -> Result<PdbTables, PdbError> {
        let mut header = vec![0u8; len.min(FIXED_HEADER)];
        read(0, &mut header);
        if header.len() < MAGIC.len() || &header[..MAGIC.len()] != MAGIC {
            return Err(PdbError::NotAPdbFile);
        }
        if len < FIXED_HEADER {
            return Err(PdbError::Truncated {
                expected: FIXED_HEADER,
                found: len,
            });
        }
        let version = u32::from_le_bytes([header[8], header[9], header[10], header[11]]);
        let Some(mut sum) = sum_of_version(version) else {
            return Err(PdbError::UnsupportedVersion {
                found: version,
                expected: FORMAT_VERSION,
            });
        };
        let (width, height, blank, count) =
            (header[12], header[13], header[14], header[15] as usize);
        let corrupt = |reason: String| PdbError::CorruptHeader { reason };
        let geometry = Geometry::new(width, height).map_err(|e| corrupt(e.to_string()))?;
        let n = geometry.cells();
        // Group sizes and cells, and whether each table is packed.
        let mut groups = Vec::with_capacity(count);
        let mut packed = Vec::with_capacity(count);
        for _ in 0..count {
            let at = header.len();
            if at >= len {
                return Err(PdbError::Truncated {
                    expected: at + 1,
                    found: len,
                });
            }
            let mut k = [0u8];
            read(at, &mut k);
            packed.push(k[0] & PACKED_GROUP != 0);
            let k = (k[0] & !PACKED_GROUP) as usize;
            if k == 0 || k >= n {
                return Err(corrupt(format!("a group of {k} tiles on a {n}-cell board")));
            }
            if at + 1 + k > len {
                return Err(PdbError::Truncated {
                    expected: at + 1 + k,
                    found: len,
                });
            }
            header.resize(at + 1 + k, 0);
            header[at] = k as u8
                | if packed[packed.len() - 1] {
                    PACKED_GROUP
                } else {
                    0
                };
            read(at + 1, &mut header[at + 1..]);
            groups.push(header[at + 1..].to_vec());
        }
        let partition =
            Partition::new(&geometry, blank, groups).map_err(|e| corrupt(e.to_string()))?;
        let table_len = |cells: &[u8], packed: bool| {
            let entries = placements(n, cells.len()).unwrap_or(0);
            if packed {
                packed_len(entries)
            } else {
                entries
            }
        };
        let table_bytes: usize = partition
            .groups()
            .iter()
            .zip(&packed)
            .map(|(g, &p)| table_len(g, p))
            .sum();
        let expected = header.len() + table_bytes + CHECKSUM_BYTES;
        if len < expected {
            return Err(PdbError::Truncated {
                expected,
                found: len,
            });
        }
        if len > expected {
            return Err(corrupt(format!(
                "{} bytes after the end of the tables",
                len - expected
            )));
        }
        sum.add(&header);
        let mut at = header.len();
        let mut tables = Vec::with_capacity(count);
        for (cells, &packed) in partition.groups().iter().zip(&packed) {
            let mut values = loaded_table(table_len(cells, packed));
            read(at, &mut values);
            sum.add(&values);
            at += values.len();
            tables.push(GroupTable {
                cells: cells.clone(),
                values,
                manhattan: packed.then(|| Manhattan::new(&geometry, cells)),
            });
        }
        let mut stored = [0u8; CHECKSUM_BYTES];
        read(at, &mut stored);
        let stored = u64::from_le_bytes(stored);
        let computed = sum.finish();
        if stored != computed {
            return Err(PdbError::ChecksumMismatch { stored, computed });
        }
        Ok(PdbTables {
            geometry,
            blank,
            groups: tables,
        })
    }

    /// The length of [`PdbTables::header`].
    fn header_len(&self) -> usize {
        FIXED_HEADER + self.groups.iter().map(|g| 1 + g.cells.len()).sum::<usize>()
    }

    /// Magic, version, board, blank, group count, and each group's size and cells.
    fn header(&self, version: u32) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.header_len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&[
            self.geometry.width(),
            self.geometry.height(),
            self.blank,
            self.groups.len() as u8,
        ]);
        for g in &self.groups {
            out.push(g.cells.len() as u8 | if g.is_packed() { PACKED_GROUP } else { 0 });
            out.extend_from_slice(&g.cells);
        }
        out
    }
}

/// Where [`load_or_build`]'s tables came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Provenance {
    /// Read from the file.
    Loaded,
    /// Built. `replaced` says why an existing file was not used; `save_error` why the new tables
    /// could not be written (they are still returned).
    Built {
        replaced: Option<PdbError>,
        save_error: Option<PdbError>,
    },
}

/// Loads the tables of `partition` from `path`, or builds them (with `progress`) and saves them
/// there if the file is missing, damaged, or holds another partition's tables.
pub fn load_or_build(
    path: &Path,
    geometry: &Geometry,
    partition: &Partition,
    progress: impl FnMut(f64),
) -> (PdbTables, Provenance) {
    load_or_else(path, geometry, partition, || {
        PdbTables::build(geometry, partition, progress)
    })
}

/// [`load_or_build`] with the build left to the caller (for example in several threads).
pub fn load_or_else(
    path: &Path,
    geometry: &Geometry,
    partition: &Partition,
    build: impl FnOnce() -> PdbTables,
) -> (PdbTables, Provenance) {
    let replaced = match load(path, geometry, partition) {
        Ok(Some(tables)) => return (tables, Provenance::Loaded),
        Ok(None) => None,
        Err(e) => Some(e),
    };
    let tables = build();
    let save_error = save(path, &tables).err().map(|reason| PdbError::Io {
        path: path.display().to_string(),
        reason,
    });
    (
        tables,
        Provenance::Built {
            replaced,
            save_error,
        },
    )
}

/// The tables of `partition` from the file at `path`: `None` if there is no file, an error if it cannot be
/// read, is damaged, or holds another partition's tables. Each group's table is read straight from the
/// file into its own buffer (no copy of the whole file in memory).
pub fn load(
    path: &Path,
    geometry: &Geometry,
    partition: &Partition,
) -> Result<Option<PdbTables>, PdbError> {
    use std::io::{Read, Seek, SeekFrom};
    let io = |e: std::io::Error| PdbError::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    };
    let mut file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(e)),
    };
    let len = file.metadata().map_err(io)?.len() as usize;
    let mut failed = None;
    let read = PdbTables::read_pieces(len, |at, out| {
        let done = file
            .seek(SeekFrom::Start(at as u64))
            .and_then(|_| file.read_exact(out));
        if let Err(e) = done {
            out.fill(0);
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(io(e));
    }
    let tables = read?;
    if tables.geometry() == geometry && &tables.partition() == partition {
        Ok(Some(tables))
    } else {
        Err(PdbError::OtherPartition {
            found: tables.key(),
            wanted: partition_key(geometry, partition),
        })
    }
}

/// Writes the tables in format [`FILE_FORMAT_VERSION`] through a temporary file (named for this process,
/// so that two writers never share one) and a rename, so a crash never leaves a half-written file; makes
/// the directory if need be.
fn save(path: &Path, tables: &PdbTables) -> Result<(), String> {
    use std::io::Write;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make the directory: {e}"))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = std::path::PathBuf::from(tmp);
    let written = std::fs::File::create(&tmp).and_then(|file| {
        let mut out = std::io::BufWriter::new(file);
        let mut result = Ok(());
        tables.write_version_pieces(FILE_FORMAT_VERSION, |piece| {
            if result.is_ok() {
                result = out.write_all(piece);
            }
        });
        result?;
        out.flush()?;
        std::fs::rename(&tmp, path)
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> PdbTables {
        let g = Geometry::new(3, 3).unwrap_or_else(|e| panic!("{e}"));
        let p = Partition::new(&g, 0, vec![vec![1, 2, 3], vec![4, 5, 6, 7, 8]])
            .unwrap_or_else(|e| panic!("{e}"));
        PdbTables::build(&g, &p, |_| {})
    }

    #[test]
    fn round_trip() {
        let t = small();
        let bytes = t.to_bytes();
        assert_eq!(bytes.len(), t.byte_len());
        assert_eq!(PdbTables::from_bytes(&bytes), Ok(t.clone()));
        // Piece by piece, each piece read where the whole has it.
        let mut pieces = Vec::new();
        t.write_pieces(|piece| pieces.push(piece.to_vec()));
        assert_eq!(pieces.len(), 2 + t.groups().len());
        assert_eq!(pieces.concat(), bytes);
        let mut reads = 0;
        let read = PdbTables::read_pieces(bytes.len(), |at, out| {
            reads += 1;
            out.copy_from_slice(&bytes[at..at + out.len()])
        });
        assert_eq!(read, Ok(t));
        assert!(reads >= pieces.len());
    }

    #[test]
    fn every_damage_is_reported() {
        for bytes in [small().to_bytes(), small().to_file_bytes()] {
            every_damage_is_reported_in(bytes);
        }
    }

    #[test]
    fn both_versions_read_back_and_differ_only_in_version_and_checksum() {
        let t = small();
        let (old, new) = (t.to_bytes(), t.to_file_bytes());
        assert_eq!(PdbTables::from_bytes(&new), Ok(t.clone()));
        assert_eq!(old.len(), new.len());
        assert_eq!(old[8], FORMAT_VERSION as u8);
        assert_eq!(new[8], FILE_FORMAT_VERSION as u8);
        let differ: Vec<usize> = (0..old.len()).filter(|&i| old[i] != new[i]).collect();
        assert!(
            differ.iter().all(|&i| i == 8 || i >= old.len() - 8),
            "{differ:?}"
        );
        // The word checksum of every split into pieces is the same.
        let mut whole = Sum::word_wise();
        whole.add(&new[..new.len() - 8]);
        let whole = whole.finish();
        for cut in [1, 7, 31, 32, 33, 100] {
            let mut pieces = Sum::word_wise();
            for piece in new[..new.len() - 8].chunks(cut) {
                pieces.add(piece);
            }
            assert_eq!(pieces.finish(), whole, "pieces of {cut}");
        }
    }

    fn every_damage_is_reported_in(bytes: Vec<u8>) {
        assert_eq!(PdbTables::from_bytes(b"hello"), Err(PdbError::NotAPdbFile));
        let mut v = bytes.clone();
        v[8] = 9;
        assert!(matches!(
            PdbTables::from_bytes(&v),
            Err(PdbError::UnsupportedVersion { found: 9, .. })
        ));
        assert!(matches!(
            PdbTables::from_bytes(&bytes[..bytes.len() - 1]),
            Err(PdbError::Truncated { .. })
        ));
        assert!(matches!(
            PdbTables::from_bytes(&bytes[..20]),
            Err(PdbError::Truncated { .. })
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            PdbTables::from_bytes(&longer),
            Err(PdbError::CorruptHeader { .. })
        ));
        // Flip one bit anywhere in the tables or the checksum.
        for at in [30, bytes.len() / 2, bytes.len() - 9, bytes.len() - 1] {
            let mut d = bytes.clone();
            d[at] ^= 0x10;
            assert!(
                matches!(
                    PdbTables::from_bytes(&d),
                    Err(PdbError::ChecksumMismatch { .. })
                ),
                "byte {at}"
            );
        }
        // A header naming an impossible board or partition.
        let mut d = bytes.clone();
        d[12] = 9;
        assert!(matches!(
            PdbTables::from_bytes(&d),
            Err(PdbError::CorruptHeader { .. })
        ));
        let mut d = bytes.clone();
        d[17] = 0; // a group now holds the blank's cell
        assert!(matches!(
            PdbTables::from_bytes(&d),
            Err(PdbError::CorruptHeader { .. })
        ));
        // Random bytes after a valid magic never panic.
        let mut seed = 0x1234_5678u64;
        for _ in 0..2000 {
            let mut d = bytes[..16.min(bytes.len())].to_vec();
            for _ in 0..(seed % 64) {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                d.push((seed >> 56) as u8);
            }
            assert!(PdbTables::from_bytes(&d).is_err());
        }
    }

    #[test]
    fn the_file_cache_loads_rebuilds_and_replaces() {
        let dir = std::env::temp_dir().join(format!("pdb-test-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("small.pdb");
        let _ = std::fs::remove_file(&path);
        let t = small();
        let (g, p) = (t.geometry().clone(), t.partition());
        let (built, how) = load_or_build(&path, &g, &p, |_| {});
        assert_eq!(
            how,
            Provenance::Built {
                replaced: None,
                save_error: None
            }
        );
        assert_eq!(built, t);
        let (loaded, how) = load_or_build(&path, &g, &p, |_| {});
        assert_eq!(how, Provenance::Loaded);
        assert_eq!(loaded, t);
        // Damage it: the next load says so and rebuilds.
        let mut bytes = std::fs::read(&path).unwrap_or_default();
        let last = bytes.len() - 20;
        bytes[last] ^= 1;
        let _ = std::fs::write(&path, &bytes);
        let (rebuilt, how) = load_or_build(&path, &g, &p, |_| {});
        assert!(matches!(
            how,
            Provenance::Built {
                replaced: Some(PdbError::ChecksumMismatch { .. }),
                save_error: None
            }
        ));
        assert_eq!(rebuilt, t);
        // Another partition's file is replaced too.
        let other = Partition::new(&g, 0, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]])
            .unwrap_or_else(|e| panic!("{e}"));
        let (_, how) = load_or_build(&path, &g, &other, |_| {});
        assert!(matches!(
            how,
            Provenance::Built {
                replaced: Some(PdbError::OtherPartition { .. }),
                ..
            }
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
