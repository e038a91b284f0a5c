// Reading and writing replay files. Saves are atomic: the bytes go to a
// temporary file in the same folder, which is flushed to disk and then
// renamed over the target, so a crash never leaves a half-written replay.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "replays/codec.h"

namespace zetema::replays {

// ".json" files are JSON; any other name is written in binary.
Encoding encoding_for(const std::string& path);

// Returns "" on success, else why the file could not be written.
std::string save_replay(const std::string& path, const Replay& r, Encoding e);
std::string save_replay(const std::string& path, const Replay& r);

// Reads a whole file of at most kMaxFileBytes (its size checked before it
// is read); returns "" on success, else why not.
std::string read_file_bounded(const std::string& path, std::string& bytes);

// Reads and decodes a file (size checked before reading it all).
Decoded load_replay(const std::string& path);

// Writes `bytes` to `path` atomically: a temporary file beside it, created
// exclusively under an unpredictable name (NAME.tmp.PID.RANDOM, never
// through a link), fsync, rename over `path`, fsync of the folder. A crash at
// any point leaves the old file or the new one, whole. Only a regular file
// (or nothing) at `path` is replaced: a symbolic link, FIFO, device or
// folder is refused with a message, and left as it was. Every file the
// product writes goes here.
std::string write_file_atomically(const std::string& path, const std::string& bytes);

// The same for output too large to hold in memory (a lab result of 10^8
// deals): written in pieces, then put in place by commit() exactly as
// write_file_atomically does. Destroyed uncommitted, the temporary file is
// removed and `path` left as it was.
class AtomicFile {
 public:
  AtomicFile() = default;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  // "" once the temporary file is created, else why not (`path` refused).
  std::string open(const std::string& path);
  bool is_open() const { return fd_ >= 0; }
  // Buffered; the first failure is kept and returned by commit().
  void write(std::string_view bytes);
  std::string commit();

 private:
  void flush();
  std::string path_, tmp_, error_, buffer_;
  int fd_ = -1;
  size_t written_ = 0, die_after_ = SIZE_MAX;
};

// A scratch file beside `path` (same folder, so the same disk as the output
// it prepares), already unlinked: it vanishes when closed or when the process
// dies. nullptr with `why` if it cannot be made.
std::FILE* scratch_file_beside(const std::string& path, std::string& why);

// "" if a save may replace `path` (nothing there, or a regular file), else
// why not.
std::string replaceable(const std::string& path);

}  // namespace zetema::replays
