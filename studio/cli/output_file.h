// The files a command writes (--out, --csv, --record): one rule for all of
// them. A name must be given (an empty one would silently write nothing or
// fall back to a default), and a command that makes a new file from its
// input (play --record, replay convert, import, export) replaces an existing
// one only with --force.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace zetema::cli {

// For an option naming an output file: refuses "" ("--record: give a file
// name ...") as a usage error.
CLI::Validator output_file_name();

// "" if `target` may be written as far as --force goes: no regular file is
// there, or `force` replaces it (what else may stand there is the save's
// to refuse: replays::replaceable).
// Else why not: "x.json exists; give --force to replace it, or --out for
// another name" (`option` names the file: --out, --record).
std::string refuse_overwrite(const std::string& target, bool force, const std::string& option);

// "" if `path` is a regular file that can be opened for reading, else why
// not ("cannot read x.json: it is a folder"). Checked before a reader that
// streams a file of any size opens it (a FIFO would block it for ever).
std::string probe_readable(const std::string& path);

// "" if a save to `path` can be made now, as far as can be told without
// leaving anything behind (a regular file or nothing there, and a file can
// be made in its folder if that exists), else why not ("cannot write
// /proc/x: ..."). For a command that works long before it saves: the output
// is checked before the work, which is then never lost to it.
std::string probe_writable(const std::string& path);

}  // namespace zetema::cli
