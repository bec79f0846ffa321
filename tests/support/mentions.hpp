#pragma once
// Checks that a message (an exception's text, a log, a child process's output)
// names what it should. Needs only GoogleTest, for tests that include no SYCL header.
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace weft_test {

// Checks that `what` contains every string in `mentions`.
inline void expect_mentions(const std::string& what, const std::vector<std::string>& mentions) {
  for (auto& m : mentions)
    EXPECT_NE(what.find(m), std::string::npos) << "the message does not mention '" << m << "':\n  " << what;
}

}  // namespace weft_test
