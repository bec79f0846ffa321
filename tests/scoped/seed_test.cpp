// The specification's example program (examples/scoped_reduction.cpp), compiled
// unchanged as a function of this test.
#include <gtest/gtest.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define main scoped_reduction_main
#include "../../examples/scoped_reduction.cpp"
#undef main
#pragma GCC diagnostic pop

TEST(ScopedSeed, SpecificationExampleIsCorrect) { EXPECT_EQ(scoped_reduction_main(), 0); }
