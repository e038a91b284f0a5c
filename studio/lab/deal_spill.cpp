// DealSpill (lab_json.h): deals kept in a scratch file as fixed binary
// records until they are written out.
#include "studio/lab/lab_json.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace zetema::lab {

DealSpill::DealSpill(std::FILE* file, size_t kinds, int rotations)
    : file_(file), kinds_(kinds), rotations_(std::max(1, rotations)) {}

DealSpill::~DealSpill() {
  if (file_) std::fclose(file_);
}

namespace {

// A game as fixed-size fields, so the record has the same length for every
// deal: kFixedFields first (five counts, then the six design figures), then
// each seat's side and score, then each kind's points and count.
constexpr size_t kFixedFields = 5 + 6;
std::vector<int64_t> fields_of(const GameSummary& g, size_t kinds) {
  std::vector<int64_t> f = {g.completed, g.hands,        g.turns,  g.sides,
                            g.winners,   g.lead_changes, g.drama,  g.decided_at,
                            g.moves,     g.decisions,    g.choices};
  for (int p = 0; p < kMaxPlayers; ++p) f.push_back(g.side_of[p]);
  for (int s = 0; s < kMaxPlayers; ++s) f.push_back(g.side_score[s]);
  for (size_t k = 0; k < kinds; ++k) {
    f.push_back(k < g.by_kind.points.size() ? g.by_kind.points[k] : 0);
    f.push_back(k < g.by_kind.count.size() ? g.by_kind.count[k] : 0);
  }
  return f;
}

GameSummary game_of(const int64_t* f, size_t kinds) {
  GameSummary g;
  g.completed = f[0] != 0;
  g.hands = static_cast<int>(f[1]);
  g.turns = static_cast<int>(f[2]);
  g.sides = static_cast<int>(f[3]);
  g.winners = static_cast<uint8_t>(f[4]);
  g.lead_changes = static_cast<int>(f[5]);
  g.drama = static_cast<int>(f[6]);
  g.decided_at = static_cast<int>(f[7]);
  g.moves = static_cast<int>(f[8]);
  g.decisions = static_cast<int>(f[9]);
  g.choices = f[10];
  f += kFixedFields;
  for (int p = 0; p < kMaxPlayers; ++p) g.side_of[p] = static_cast<int>(*f++);
  for (int s = 0; s < kMaxPlayers; ++s) g.side_score[s] = static_cast<int>(*f++);
  g.by_kind = replays::KindTally(kinds);
  for (size_t k = 0; k < kinds; ++k) {
    g.by_kind.points[k] = *f++;
    g.by_kind.count[k] = static_cast<int>(*f++);
  }
  return g;
}

}  // namespace

void DealSpill::append(const DealResult& d) {
  std::vector<int64_t> record = {static_cast<int64_t>(d.deal)};
  auto add = [&](const GameSummary& g) {
    const std::vector<int64_t> f = fields_of(g, kinds_);
    record.insert(record.end(), f.begin(), f.end());
  };
  // A, then B: each a whole rotation set (a game the deal lacks is left empty).
  for (const auto& [first, more] : {std::pair{&d.a, &d.more_a}, std::pair{&d.b, &d.more_b}}) {
    add(*first);
    for (int i = 1; i < rotations_; ++i) {
      add(static_cast<size_t>(i) <= more->size() ? (*more)[static_cast<size_t>(i - 1)]
                                                 : GameSummary{});
    }
  }
  if (error_.empty() &&
      std::fwrite(record.data(), sizeof(int64_t), record.size(), file_) != record.size()) {
    error_ = std::string("cannot write the scratch file: ") + std::strerror(errno);
  }
}

void DealSpill::rewind() {
  if (std::fflush(file_) != 0 && error_.empty())
    error_ = std::string("cannot write the scratch file: ") + std::strerror(errno);
  std::rewind(file_);
}

bool DealSpill::next(DealResult& d) {
  const size_t per_game = kFixedFields + 2 * kMaxPlayers + 2 * kinds_;
  const auto games = static_cast<size_t>(rotations_);
  std::vector<int64_t> record(1 + 2 * games * per_game);
  const size_t got = std::fread(record.data(), sizeof(int64_t), record.size(), file_);
  if (got != record.size()) {
    if (got != 0 || std::ferror(file_)) error_ = "cannot read back the scratch file";
    return false;
  }
  d.deal = static_cast<uint64_t>(record[0]);
  const int64_t* f = record.data() + 1;
  for (auto [first, more] : {std::pair{&d.a, &d.more_a}, std::pair{&d.b, &d.more_b}}) {
    *first = game_of(f, kinds_);
    f += per_game;
    more->clear();
    for (size_t i = 1; i < games; ++i, f += per_game) more->push_back(game_of(f, kinds_));
  }
  return true;
}

}  // namespace zetema::lab
