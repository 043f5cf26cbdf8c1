//! Writing files, one way for every tool: never over an existing file unless asked, and
//! atomically (a temporary file beside the target, flushed to disk, then renamed), so a
//! reader or a run killed half-way never sees half a file and a failed write leaves the
//! old file whole.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a file was not written.
#[derive(Debug)]
pub enum WriteError {
    /// The file exists and replacing it was not asked for.
    Exists(PathBuf),
    /// The system refused.
    Io {
        /// The file (or its temporary file, or its folder).
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Exists(path) => write!(f, "{} exists", path.display()),
            WriteError::Io { path, error } => write!(f, "cannot write {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for WriteError {}

impl crate::error::Kind for WriteError {
    /// An existing file not to be replaced is the caller's input; a refused write is
    /// the system's.
    fn kind(&self) -> crate::error::ErrorKind {
        match self {
            WriteError::Exists(_) => crate::error::ErrorKind::Input,
            WriteError::Io { .. } => crate::error::ErrorKind::Io,
        }
    }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> WriteError + '_ {
    move |error| WriteError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// Checks, before long work, that `path` can be written: it does not exist (unless
/// `replace`) and its folder exists or can be made. The folder is made.
pub fn check_writable(path: &Path, replace: bool) -> Result<(), WriteError> {
    if !replace && path.symlink_metadata().is_ok() {
        return Err(WriteError::Exists(path.to_path_buf()));
    }
    if path.is_dir() {
        return Err(WriteError::Io {
            path: path.to_path_buf(),
            error: std::io::Error::other("a folder is in the way"),
        });
    }
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => std::fs::create_dir_all(dir).map_err(io(dir)),
        None => Ok(()),
    }
}

/// Writes `bytes` to `path` atomically, refusing an existing file unless `replace`.
pub fn write_file(path: &Path, bytes: &[u8], replace: bool) -> Result<(), WriteError> {
    check_writable(path, replace)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!("{name}.tmp-{}", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&tmp).map_err(io(&tmp))?;
        file.write_all(bytes).map_err(io(&tmp))?;
        file.sync_all().map_err(io(&tmp))?;
        drop(file);
        // Checked again just before the rename: a file made meanwhile is kept too.
        if !replace && path.symlink_metadata().is_ok() {
            return Err(WriteError::Exists(path.to_path_buf()));
        }
        std::fs::rename(&tmp, path).map_err(io(path))
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_existing_file_is_kept_unless_replacing_is_asked() {
        let dir = std::env::temp_dir().join(format!("taflcount-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("deep/er/report.md");
        write_file(&path, b"first\n", false).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"first\n");
        let e = write_file(&path, b"second\n", false).unwrap_err();
        assert!(matches!(e, WriteError::Exists(_)), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), b"first\n");
        write_file(&path, b"third\n", true).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"third\n");
        // No temporary file is left beside it.
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(names.len(), 1);
        // A folder in the way is named, and nothing is written.
        let e = write_file(path.parent().unwrap(), b"x", true).unwrap_err();
        assert!(e.to_string().contains("a folder is in the way"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
