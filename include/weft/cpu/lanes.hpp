#pragma once
// All lane operations (include/weft/cpu/lanes/), over arrays of n lane values.
#include <weft/cpu/lanes/broadcast.hpp>
#include <weft/cpu/lanes/reduce.hpp>
#include <weft/cpu/lanes/scan.hpp>
#include <weft/cpu/lanes/shuffle.hpp>
#include <weft/cpu/lanes/vote.hpp>
