#pragma once
// Name tables that several headers expand, as X-macros, so that each list of
// SYCL names is written once.

// The element types of the vec and marray aliases (section 4.14.2.1 and
// 4.14.3.1) as X(alias name, element type): char2, mchar2, ... bool16.
#define WEFT_SYCL_ALIAS_ELEMENT_TYPES(X) \
  X(char, std::int8_t)                   \
  X(schar, std::int8_t)                  \
  X(uchar, std::uint8_t)                 \
  X(short, std::int16_t)                 \
  X(ushort, std::uint16_t)               \
  X(int, std::int32_t)                   \
  X(uint, std::uint32_t)                 \
  X(long, std::int64_t)                  \
  X(ulong, std::uint64_t)                \
  X(longlong, std::int64_t)              \
  X(ulonglong, std::uint64_t)            \
  X(half, half)                          \
  X(float, float)                        \
  X(double, double)                      \
  X(bool, bool)

// The named element accessors of vec and of its swizzles (section 4.14.2.4) as
// X(name, index): XYZW and RGBA.
#define WEFT_SYCL_XYZW_RGBA_ELEMENTS(X) \
  X(x, 0)                               \
  X(y, 1)                               \
  X(z, 2)                               \
  X(w, 3)                               \
  X(r, 0)                               \
  X(g, 1)                               \
  X(b, 2)                               \
  X(a, 3)
