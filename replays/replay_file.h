// Reading and writing replay files. Saves are atomic: the bytes go to a
// temporary file in the same folder, which is flushed to disk and then
// renamed over the target, so a crash never leaves a half-written replay.
#pragma once

#include <string>

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

// "" if a save may replace `path` (nothing there, or a regular file), else
// why not.
std::string replaceable(const std::string& path);

}  // namespace zetema::replays
