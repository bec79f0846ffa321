// Random task graphs of 200 command groups over 10 buffers on two queues:
// the results must equal serial execution. Several fixed seeds.
#include <gtest/gtest.h>

#include "../support/dag_program.hpp"

class RandomDag : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(RandomDag, MatchesSerialExecution) {
  auto program = weft_test::random_dag(GetParam(), 10, 200);
  for (int repeat = 0; repeat < 3; ++repeat) {  // the schedule differs each time, the result may not
    std::string failure = weft_test::run_dag(program);
    ASSERT_TRUE(failure.empty()) << "seed " << GetParam() << ", repeat " << repeat << ": " << failure;
  }
}

INSTANTIATE_TEST_SUITE_P(Seeds, RandomDag, ::testing::Values(1u, 2u, 3u, 42u, 1234u, 98765u, 20240601u, 7777777u));
