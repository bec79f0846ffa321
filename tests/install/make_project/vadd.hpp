// The kernel's declaration, shared by both sources (the dependency files name it).
#pragma once
#include <vector>

std::vector<int> vadd(const std::vector<int>& a, const std::vector<int>& b);
