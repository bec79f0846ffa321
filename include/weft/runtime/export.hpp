#pragma once
// Symbol visibility for the Weft shared library.
#define WEFT_API __attribute__((visibility("default")))
