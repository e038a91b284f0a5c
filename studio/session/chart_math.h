// The arithmetic behind the studio's charts, GUI-free: axis ticks at round
// values, the data index under a point of the plot, and where a click on
// the diff's chart goes (A's event for an aligned row).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "replays/diff.h"

namespace zetema::studio {

// Round tick values (1, 2 or 5 times a power of ten apart) covering
// [lo, hi], at most about `most` of them; lo == hi gives one tick.
std::vector<double> nice_ticks(double lo, double hi, int most);

// The data index (0..n-1) nearest a point `fraction` (0..1) across a plot
// whose first and last indexes sit at its edges; nullopt if n == 0.
std::optional<size_t> index_at(double fraction, size_t n);

// Which of a bar chart's group labels to draw under its plot, `plot_w`
// pixels wide with `widths.size()` groups: label g centred under its group,
// every k-th from the first that clears the plot's left edge, k the least
// that keeps the labels `gap` pixels apart; none reaching into the last
// `reserved` pixels, where the axis' unit is written ("156..173" ran into
// "turns").
std::vector<size_t> shown_group_labels(const std::vector<float>& widths, float plot_w,
                                       float reserved, float gap);

// The event of replay A an aligned diff row stands for: the row's own A
// event, or for a row played only under B the last A event before it;
// nullopt before A's first event.
std::optional<size_t> a_event_of_row(const replays::DiffResult& d, size_t row);

// The aligned row holding A's event `event` (the last row if none does).
size_t row_of_a_event(const replays::DiffResult& d, size_t event);

}  // namespace zetema::studio
