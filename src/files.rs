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
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(io(dir))?;
            dir
        }
        None => Path::new("."),
    };
    // A folder that exists but refuses files (read-only, full, not ours) is found now,
    // before the work whose result would be lost, not at the write after it.
    let probe = dir.join(format!(".taflcount-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(io(dir))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// A file written as it is made (a long run's lines), still atomically: into a
/// temporary file beside the target, renamed over it by [`AtomicFile::finish`]. Dropped
/// unfinished (an error, a panic), it leaves nothing behind.
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    file: Option<std::io::BufWriter<std::fs::File>>,
    replace: bool,
}

impl AtomicFile {
    /// Starts the file, refusing an existing one unless `replace`.
    pub fn create(path: &Path, replace: bool) -> Result<AtomicFile, WriteError> {
        check_writable(path, replace)?;
        let tmp = temporary_beside(path);
        let file = std::fs::File::create(&tmp).map_err(io(&tmp))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            file: Some(std::io::BufWriter::new(file)),
            replace,
        })
    }

    /// The temporary file the text goes to until [`AtomicFile::finish`].
    pub fn temporary_path(&self) -> &Path {
        &self.tmp
    }

    /// Appends `bytes`.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), WriteError> {
        let file = self.file.as_mut().expect("not finished");
        file.write_all(bytes).map_err(io(&self.tmp))
    }

    /// Flushes to disk and puts the file in place.
    pub fn finish(mut self) -> Result<(), WriteError> {
        let file = self.file.take().expect("not finished");
        let file = file.into_inner().map_err(|e| WriteError::Io {
            path: self.tmp.clone(),
            error: e.into_error(),
        })?;
        file.sync_all().map_err(io(&self.tmp))?;
        drop(file);
        if !self.replace && self.path.symlink_metadata().is_ok() {
            return Err(WriteError::Exists(self.path.clone()));
        }
        std::fs::rename(&self.tmp, &self.path).map_err(io(&self.path))
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.tmp);
    }
}

/// Text from a user (a variant's `name:`, an engine description) as one safe file name
/// part: ASCII letters, digits, `=`, `_` and `.` kept, every other run of characters one
/// `-`, no leading dot, at most 80 characters; `custom` if nothing is left. It never
/// holds a path separator, so `name:../escaped` stays inside the folder.
pub fn file_stem(text: &str) -> String {
    let mut stem = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '=' | '_' | '.') {
            stem.push(c);
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem: String = stem
        .trim_start_matches(['-', '.'])
        .trim_end_matches('-')
        .chars()
        .take(80)
        .collect();
    if stem.is_empty() {
        "custom".into()
    } else {
        stem
    }
}

/// The temporary file beside `path` that is renamed over it: `NAME.tmp-PID`.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!("{name}.tmp-{}", std::process::id()))
}

/// Writes `bytes` to `path` atomically, refusing an existing file unless `replace`.
pub fn write_file(path: &Path, bytes: &[u8], replace: bool) -> Result<(), WriteError> {
    check_writable(path, replace)?;
    let tmp = temporary_beside(path);
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

    /// Issue 35: a folder that refuses files was found only by the write after the work.
    /// `/proc/self` exists and takes no new file, for root too (a read-only folder would
    /// not stop root).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_that_refuses_files_is_found_before_the_work() {
        let e = check_writable(Path::new("/proc/self/report.md"), false).unwrap_err();
        assert!(matches!(e, WriteError::Io { .. }), "{e}");
        let here = std::env::temp_dir().join(format!("taflcount-probe-{}", std::process::id()));
        check_writable(&here.join("x.md"), false).unwrap();
        // The probe leaves nothing behind.
        assert_eq!(std::fs::read_dir(&here).unwrap().count(), 0);
        std::fs::remove_dir_all(&here).unwrap();
    }

    /// A file written as it is made appears whole at `finish`, and not at all when
    /// dropped unfinished.
    #[test]
    fn an_atomic_file_appears_only_when_finished() {
        let dir = std::env::temp_dir().join(format!("taflcount-atomic-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("lines.txt");
        let mut file = AtomicFile::create(&path, false).unwrap();
        file.write(b"one\n").unwrap();
        assert!(!path.exists());
        drop(file);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing left");
        let mut file = AtomicFile::create(&path, false).unwrap();
        file.write(b"one\n").unwrap();
        file.write(b"two\n").unwrap();
        file.finish().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"one\ntwo\n");
        assert!(AtomicFile::create(&path, false).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 35: `--save-samples` named its file after the rules' `name:`, and
    /// `name:../escaped` wrote outside the folder.
    #[test]
    fn file_stems_from_user_text_hold_no_path() {
        assert_eq!(file_stem("../escaped"), "escaped");
        assert_eq!(file_stem("a/../../b"), "a-..-..-b");
        assert_eq!(file_stem("search:4"), "search-4");
        assert_eq!(file_stem("/"), "custom");
        assert_eq!(file_stem(".."), "custom");
        assert_eq!(file_stem("Copenhagen 11x11"), "Copenhagen-11x11");
        for text in ["../x", "..", "a/b", "a\\b", "x\0y", ".hidden"] {
            let stem = file_stem(text);
            assert!(
                !stem.contains(['/', '\\', '\0']) && !stem.starts_with('.'),
                "{stem}"
            );
            assert_eq!(Path::new(&stem).components().count(), 1, "{stem}");
        }
    }
}
