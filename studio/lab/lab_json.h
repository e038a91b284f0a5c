// Lab results as JSON: the configuration, the stamps (each rule set's
// SHA-256, the engine version, the seed), the metrics, and every deal's
// record, from which `zetema merge` and the studio's Lab panel recompute
// everything. Written the same way whatever the threads, so one run and
// merged shards give the same bytes. Written and read as streams: the games
// pass through one at a time, so a file of 10^8 deals needs no more memory
// than one of ten.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "studio/lab/compare.h"
#include "studio/lab/metrics.h"

namespace zetema::lab {

// The result format's version: 3 added "rotate" and "design" (issue 15);
// 2 added "kinds". Older versions are read as unrotated, without design
// figures.
constexpr int kFormatVersion = 3;

// Where written text goes, piece by piece, in order.
using TextSink = std::function<void(std::string_view)>;
// The games to write, in deal order: false when there are no more.
using DealSource = std::function<bool(DealResult&)>;
// The games read, in file order.
using GameSink = std::function<void(const DealResult&)>;

void write_json(const CompareResult& r, const Metrics& m, const DealSource& games,
                const TextSink& out);
std::string to_json(const CompareResult& r, const Metrics& m, const std::vector<DealResult>& games);

// Reads a result written by write_json: everything but the games into `r`,
// each game (in file order) into r.tally and to `games` (may be empty).
// False (with `error`) if it is not one; the games must be in deal order.
bool read_json(std::FILE* in, CompareResult& r, const GameSink& games, std::string& error);
bool from_json(const std::string& text, CompareResult& r, std::string& error,
               std::vector<DealResult>* games = nullptr);

// One line per deal: the per-game numbers under A and B; rotated, one line
// per game of the rotation set (a "rotation" column after the deal).
std::string csv_header(const CompareResult& r);
std::string csv_line(const CompareResult& r, const DealResult& d);
std::string to_csv(const CompareResult& r, const std::vector<DealResult>& games);

// Deals kept on disk, not in memory, until they are written out: fixed
// binary records in a scratch file (replays::scratch_file_beside).
class DealSpill {
 public:
  // `rotations`: the games per deal under each rule set.
  DealSpill(std::FILE* file, size_t kinds, int rotations = 1);
  ~DealSpill();
  DealSpill(const DealSpill&) = delete;
  DealSpill& operator=(const DealSpill&) = delete;

  void append(const DealResult& d);
  // Back to the first record, for reading with next().
  void rewind();
  bool next(DealResult& d);
  // "" unless a write or read failed (a full disk).
  const std::string& error() const { return error_; }

 private:
  std::FILE* file_;
  size_t kinds_;
  int rotations_;
  std::string error_;
};

}  // namespace zetema::lab
