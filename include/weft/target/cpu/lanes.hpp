#pragma once
// All lane operations (include/weft/target/cpu/lanes/), over arrays of n lane values.
#include <weft/target/cpu/lanes/broadcast.hpp>
#include <weft/target/cpu/lanes/reduce.hpp>
#include <weft/target/cpu/lanes/scan.hpp>
#include <weft/target/cpu/lanes/shuffle.hpp>
#include <weft/target/cpu/lanes/vote.hpp>
