//! `.npz` archives (`numpy.savez`, `numpy.savez_compressed`, `numpy.load` of an `.npz`): a ZIP
//! file of `.npy` members, written and read here with a small ZIP implementation (stored or
//! DEFLATE members through `flate2`, CRC-32 checked; archives of at most 4 GiB and 65535
//! members, without ZIP64 on writing; ZIP64 sizes are understood on reading, as NumPy writes
//! them).

use super::io::io_error;
use crate::{Array, Device, Error, Result};
use std::io::{Read, Write};
use std::path::Path;

fn npz_error(reason: impl Into<String>) -> Error {
    Error::invalid_value("load_npz", reason)
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut c = flate2::Crc::new();
    c.update(bytes);
    c.sum()
}

fn u16le(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}
fn u32le(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}
fn u64le(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// The bytes of a ZIP archive of `members` (name, data), stored or DEFLATE-compressed.
fn zip_bytes(op: &'static str, members: &[(String, Vec<u8>)], compress: bool) -> Result<Vec<u8>> {
    let too_big = || {
        Error::unsupported(
            op,
            "archives over 4 GiB or 65535 members (ZIP64) are not written",
        )
    };
    if members.len() > u16::MAX as usize {
        return Err(too_big());
    }
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in members {
        let crc = crc32(data);
        let (method, body): (u16, Vec<u8>) = if compress {
            let mut e =
                flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(data)
                .and_then(|_| e.finish())
                .map(|b| (8, b))
                .map_err(|e| Error::Io {
                    op,
                    path: name.clone(),
                    source: e,
                })?
        } else {
            (0, data.clone())
        };
        let offset = u32::try_from(out.len()).map_err(|_| too_big())?;
        let csize = u32::try_from(body.len()).map_err(|_| too_big())?;
        let usize_ = u32::try_from(data.len()).map_err(|_| too_big())?;
        let nlen = u16::try_from(name.len()).map_err(|_| too_big())?;
        let header = |sig: u32, central: bool| {
            let mut h = Vec::new();
            h.extend(sig.to_le_bytes());
            if central {
                h.extend(20u16.to_le_bytes()); // version made by
            }
            h.extend(20u16.to_le_bytes()); // version needed
            h.extend(0u16.to_le_bytes()); // flags
            h.extend(method.to_le_bytes());
            h.extend(0u16.to_le_bytes()); // time
            h.extend(0x21u16.to_le_bytes()); // date: 1980-01-01
            h.extend(crc.to_le_bytes());
            h.extend(csize.to_le_bytes());
            h.extend(usize_.to_le_bytes());
            h.extend(nlen.to_le_bytes());
            h.extend(0u16.to_le_bytes()); // extra length
            if central {
                h.extend(0u16.to_le_bytes()); // comment length
                h.extend(0u16.to_le_bytes()); // disk
                h.extend(0u16.to_le_bytes()); // internal attributes
                h.extend(0x0180_0000u32.to_le_bytes()); // external attributes: rw-------
                h.extend(offset.to_le_bytes());
            }
            h.extend(name.as_bytes());
            h
        };
        out.extend(header(0x0403_4b50, false));
        out.extend(&body);
        central.extend(header(0x0201_4b50, true));
    }
    let cd_offset = u32::try_from(out.len()).map_err(|_| too_big())?;
    let cd_size = u32::try_from(central.len()).map_err(|_| too_big())?;
    out.extend(central);
    out.extend(0x0605_4b50u32.to_le_bytes());
    out.extend([0u8; 4]);
    out.extend((members.len() as u16).to_le_bytes());
    out.extend((members.len() as u16).to_le_bytes());
    out.extend(cd_size.to_le_bytes());
    out.extend(cd_offset.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    Ok(out)
}

/// The members of a ZIP archive (name, uncompressed data), in the central directory's order.
fn unzip(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>> {
    let bad = |what: &str| npz_error(format!("not a valid .npz (zip) archive: {what}"));
    // the end-of-central-directory record: the last signature within 64 KiB + 22 bytes
    let lo = bytes.len().saturating_sub(22 + 65535);
    let eocd = (lo..bytes.len().saturating_sub(21))
        .rev()
        .find(|&i| u32le(bytes, i) == Some(0x0605_4b50))
        .ok_or_else(|| bad("no end of central directory"))?;
    let mut entries = u64::from(u16le(bytes, eocd + 10).ok_or_else(|| bad("truncated"))?);
    let mut cd = u64::from(u32le(bytes, eocd + 16).ok_or_else(|| bad("truncated"))?);
    if cd == 0xFFFF_FFFF || entries == 0xFFFF {
        // ZIP64: the locator precedes the record
        let loc = eocd
            .checked_sub(20)
            .ok_or_else(|| bad("missing zip64 locator"))?;
        if u32le(bytes, loc) != Some(0x0706_4b50) {
            return Err(bad("missing zip64 locator"));
        }
        let rec = u64le(bytes, loc + 8).ok_or_else(|| bad("truncated"))? as usize;
        if u32le(bytes, rec) != Some(0x0606_4b50) {
            return Err(bad("missing zip64 end of central directory"));
        }
        entries = u64le(bytes, rec + 32).ok_or_else(|| bad("truncated"))?;
        cd = u64le(bytes, rec + 48).ok_or_else(|| bad("truncated"))?;
    }
    let mut at = usize::try_from(cd).map_err(|_| bad("offset"))?;
    let mut out = Vec::new();
    for _ in 0..entries {
        if u32le(bytes, at) != Some(0x0201_4b50) {
            return Err(bad("central directory entry"));
        }
        let method = u16le(bytes, at + 10).ok_or_else(|| bad("truncated"))?;
        let crc = u32le(bytes, at + 16).ok_or_else(|| bad("truncated"))?;
        let mut csize = u64::from(u32le(bytes, at + 20).ok_or_else(|| bad("truncated"))?);
        let mut usize_ = u64::from(u32le(bytes, at + 24).ok_or_else(|| bad("truncated"))?);
        let nlen = usize::from(u16le(bytes, at + 28).ok_or_else(|| bad("truncated"))?);
        let elen = usize::from(u16le(bytes, at + 30).ok_or_else(|| bad("truncated"))?);
        let clen = usize::from(u16le(bytes, at + 32).ok_or_else(|| bad("truncated"))?);
        let mut local = u64::from(u32le(bytes, at + 42).ok_or_else(|| bad("truncated"))?);
        let name = bytes
            .get(at + 46..at + 46 + nlen)
            .ok_or_else(|| bad("truncated"))?;
        let name = String::from_utf8_lossy(name).into_owned();
        // the ZIP64 extra field holds the fields set to 0xFFFFFFFF, in this order
        let mut e = at + 46 + nlen;
        let end = e + elen;
        while e + 4 <= end {
            let id = u16le(bytes, e).ok_or_else(|| bad("truncated"))?;
            let len = usize::from(u16le(bytes, e + 2).ok_or_else(|| bad("truncated"))?);
            if id == 1 {
                let mut p = e + 4;
                for field in [&mut usize_, &mut csize, &mut local] {
                    if *field == 0xFFFF_FFFF {
                        *field = u64le(bytes, p).ok_or_else(|| bad("truncated zip64 field"))?;
                        p += 8;
                    }
                }
            }
            e += 4 + len;
        }
        at = end + clen;
        let l = usize::try_from(local).map_err(|_| bad("offset"))?;
        if u32le(bytes, l) != Some(0x0403_4b50) {
            return Err(bad("local header"));
        }
        let lname = usize::from(u16le(bytes, l + 26).ok_or_else(|| bad("truncated"))?);
        let lextra = usize::from(u16le(bytes, l + 28).ok_or_else(|| bad("truncated"))?);
        let start = l + 30 + lname + lextra;
        let csize = usize::try_from(csize).map_err(|_| bad("size"))?;
        let body = bytes
            .get(start..start.checked_add(csize).ok_or_else(|| bad("size"))?)
            .ok_or_else(|| bad("truncated member"))?;
        let data = match method {
            0 => body.to_vec(),
            8 => {
                let cap = usize::try_from(usize_).map_err(|_| bad("size"))?;
                // the recorded size is a hint only (a damaged file may claim any size)
                let mut v = crate::storage::try_vec_with_capacity::<u8>(cap.min(1 << 26))?;
                flate2::read::DeflateDecoder::new(body)
                    .read_to_end(&mut v)
                    .map_err(|e| npz_error(format!("member {name:?}: {e}")))?;
                v
            }
            m => {
                return Err(Error::unsupported(
                    "load_npz",
                    format!(
                        "member {name:?} uses compression method {m}; only stored (0) and deflate (8) are read"
                    ),
                ));
            }
        };
        if crc32(&data) != crc {
            return Err(npz_error(format!("member {name:?}: CRC-32 mismatch")));
        }
        out.push((name, data));
    }
    Ok(out)
}

fn save_impl(
    op: &'static str,
    path: &Path,
    arrays: &[(&str, &Array)],
    compress: bool,
) -> Result<()> {
    let members: Vec<(String, Vec<u8>)> = arrays
        .iter()
        .map(|(n, a)| Ok((format!("{n}.npy"), crate::npy::to_npy_bytes(a)?)))
        .collect::<Result<_>>()?;
    let bytes = zip_bytes(op, &members, compress)?;
    std::fs::write(path, bytes).map_err(|e| io_error(op, path, e))
}

/// Saves several arrays into one uncompressed `.npz` archive (`numpy.savez(path, name=a,
/// ...)`; use `"arr_0"`, `"arr_1"`, ... for NumPy's positional names). Each member is the
/// `.npy` file [`save`](crate::save) writes; NumPy's `load` reads the archive.
///
/// # Errors
/// [`Error::Io`]; [`Error::Unsupported`] for archives over 4 GiB.
///
/// ```
/// use cuprum_core::{Array, savez, load_npz};
/// let p = std::env::temp_dir().join(format!("cuprum-savez-doc-{}.npz", std::process::id()));
/// let a = Array::from_vec(vec![1i32, 2], &[2]).unwrap();
/// savez(&p, &[("a", &a)]).unwrap();
/// let m = load_npz(&p).unwrap();
/// assert_eq!((m[0].0.as_str(), m[0].1.to_vec::<i32>().unwrap()), ("a", vec![1, 2]));
/// std::fs::remove_file(&p).unwrap();
/// ```
pub fn savez(path: impl AsRef<Path>, arrays: &[(&str, &Array)]) -> Result<()> {
    save_impl("savez", path.as_ref(), arrays, false)
}

/// [`savez`] with DEFLATE-compressed members (`numpy.savez_compressed`).
///
/// # Errors
/// As [`savez`].
///
/// ```
/// use cuprum_core::{Array, savez_compressed, load_npz};
/// let p = std::env::temp_dir().join(format!("cuprum-savezc-doc-{}.npz", std::process::id()));
/// let a = Array::from_vec(vec![0.0f64; 1000], &[1000]).unwrap();
/// savez_compressed(&p, &[("z", &a)]).unwrap();
/// assert!(std::fs::metadata(&p).unwrap().len() < 1000);
/// assert_eq!(load_npz(&p).unwrap()[0].1.shape(), &[1000]);
/// std::fs::remove_file(&p).unwrap();
/// ```
pub fn savez_compressed(path: impl AsRef<Path>, arrays: &[(&str, &Array)]) -> Result<()> {
    save_impl("savez_compressed", path.as_ref(), arrays, true)
}

/// The arrays of an `.npz` archive (`numpy.load` of an `.npz`), as (name without `.npy`,
/// array) in the archive's order, on the current device.
///
/// # Errors
/// [`Error::Io`]; [`Error::InvalidValue`] for a damaged archive (naming what is wrong) or a
/// member that is not `.npy`; the errors of [`load`](crate::load) for each member.
///
/// ```
/// use cuprum_core::load_npz;
/// assert!(load_npz("/nonexistent/cuprum.npz").is_err());
/// ```
pub fn load_npz(path: impl AsRef<Path>) -> Result<Vec<(String, Array)>> {
    load_npz_on(path, crate::current_device())
}

/// [`load_npz`] onto `device`.
///
/// # Errors
/// As [`load_npz`].
pub fn load_npz_on(path: impl AsRef<Path>, device: Device) -> Result<Vec<(String, Array)>> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|e| io_error("load_npz", path, e))?;
    unzip(&bytes)?
        .into_iter()
        .map(|(name, data)| {
            let a = crate::npy::from_npy_bytes_on(&data, device)?;
            Ok((name.strip_suffix(".npy").unwrap_or(&name).to_string(), a))
        })
        .collect()
}
