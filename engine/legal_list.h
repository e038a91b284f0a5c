// The legal actions of one position, held the way they are made: the
// declarations listed one by one, then the discards as a set of cards.
//
// Nearly every turn's list is "discard any held card" and nothing else;
// keeping that as the hand's card set (not one Action per card) is what
// lets a bot pick among them without the list being written out. Indexes
// run over the declarations in listing order, then the discards in card
// order -- the order legal_actions has always listed them in.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "engine/action.h"
#include "engine/card.h"

namespace zetema {

class LegalActions {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size() == 0; }
  std::span<const Action> declarations() const { return {declarations_.data(), declared_}; }
  CardSet discards() const { return discards_; }

  // The i-th action (i < size()).
  Action operator[](size_t i) const {
    if (i < declared_) return declarations_[i];
    return Action::discard(discards_.nth(static_cast<int>(i - declared_)));
  }
  // Every action as its own Action, in order: for callers that show or
  // search the whole list (the studio's buttons, tests).
  std::vector<Action> to_vector() const {
    const std::span<const Action> declared = declarations();
    std::vector<Action> all(declared.begin(), declared.end());
    discards_.for_each([&](Card c) { all.push_back(Action::discard(c)); });
    return all;
  }

  // Building (legal_actions): the declarations first, then the discards,
  // which also count the list (its sizes are read on every pick).
  void clear() {
    declarations_.clear();
    set_discards(CardSet());
  }
  // The declarations, emptied, to fill before set_discards.
  std::vector<Action>& declarations_to_fill() {
    declarations_.clear();
    // Room for a usual turn's declarations at the first: one allocation
    // for a list reused turn after turn, not one each time it doubles.
    if (declarations_.capacity() == 0) declarations_.reserve(8);
    return declarations_;
  }
  // The whole list at once: no declaration, every card of `cards` a discard.
  // Most turns' list, so the declarations' vector is not touched: only its
  // first declared_ are the list's.
  void list_discards_only(CardSet cards) {
    discards_ = cards;
    declared_ = 0;
    size_ = static_cast<size_t>(cards.size());
  }
  void set_discards(CardSet cards) {
    discards_ = cards;
    declared_ = declarations_.size();
    size_ = declared_ + static_cast<size_t>(cards.size());
  }

 private:
  std::vector<Action> declarations_;
  CardSet discards_;
  size_t declared_ = 0;  // the declarations listed: the vector's first declared_
  size_t size_ = 0;
};

}  // namespace zetema
