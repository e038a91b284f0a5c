// Numbers on the command line, read strictly: the whole argument must be a
// decimal whole number inside the option's range, or the command refuses it
// and says the range in words. (CLI11's own conversion reads "0x10" as 16,
// saturates 2^64 to 2^64-1 and lets "-1" through to an unsigned option.)
#pragma once

#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

namespace zetema::cli {

// "from 1 to 1000"; the largest unsigned 64-bit value also as 2^64-1.
template <class T>
std::string range_words(T lo, T hi) {
  std::string top = std::to_string(hi);
  if constexpr (std::is_same_v<T, uint64_t>) {
    if (hi == std::numeric_limits<uint64_t>::max()) top += " (2^64-1)";
  }
  return "a whole number from " + std::to_string(lo) + " to " + top;
}

// Reads all of `text` into `out`; "" on success, else why not (`out` is
// then unchanged).
template <class T>
std::string parse_whole(std::string_view text, T lo, T hi, T& out) {
  T v{};
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  // Digits (with a minus at most): a number, in range or not; anything
  // else ("5x", "0x10", "+5", " 5", "") is not one.
  const size_t first = !text.empty() && text[0] == '-' ? 1 : 0;
  const bool digits =
      text.size() > first && text.find_first_not_of("0123456789", first) == std::string_view::npos;
  if (!digits) return "'" + std::string(text) + "' is not " + range_words(lo, hi);
  if (ec != std::errc() || ptr != end || v < lo || v > hi)
    return std::string(text) + " is out of range: give " + range_words(lo, hi);
  out = v;
  return {};
}

// An option holding a whole number in [lo, hi], its default shown in --help.
template <class T>
CLI::Option* add_whole(CLI::App* app, const std::string& name, T& target, T lo, T hi,
                       const std::string& description) {
  CLI::Option* opt = app->add_option_function<std::string>(
      name,
      [&target, lo, hi, name](const std::string& text) {
        if (std::string why = parse_whole(text, lo, hi, target); !why.empty())
          throw CLI::ValidationError(name, why);
      },
      description);
  opt->type_name(std::is_unsigned_v<T> ? "UINT" : "INT");
  opt->default_str(std::to_string(target));
  return opt;
}

// The check of an option already bound to a number (or to a list of them,
// each checked): CLI11's own "Could not convert" never shows.
template <class T>
CLI::Validator whole_number(T lo, T hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) {
        T v{};
        return parse_whole(std::string_view(text), lo, hi, v);
      },
      "", "whole number");
}

// A decimal number ("0.25", "-1", "2e-3"), finite, and above 0 when
// `above_zero`; "" or why not.
inline std::string parse_decimal(std::string_view text, bool above_zero, double& out) {
  const std::string wants = above_zero ? "give a decimal number above 0, such as 0.05"
                                       : "give a decimal number, such as 0.5";
  double v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ptr != end || ec == std::errc::invalid_argument ||
      text.find_first_not_of("0123456789.eE+-") != std::string_view::npos)
    return "'" + std::string(text) + "' is not a number: " + wants;
  if (ec != std::errc() || !std::isfinite(v) || (above_zero && !(v > 0)))
    return std::string(text) + " is out of range: " + wants;
  out = v;
  return {};
}

inline CLI::Validator decimal_number(bool above_zero) {
  return CLI::Validator(
      [above_zero](std::string& text) {
        double v = 0;
        return parse_decimal(text, above_zero, v);
      },
      "", "decimal number");
}

}  // namespace zetema::cli
