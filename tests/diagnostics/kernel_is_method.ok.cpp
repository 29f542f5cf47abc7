// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Make the kernel a free function that takes what it needs (here the struct
// by value, which copies its pointer), and call it from the member.
struct Grid {
    float* cells;
    int n;
    void clear();
};

#pragma qd kernel
void clear_grid(Grid g)
{
    for (int i = 0; i < g.n; ++i)
        g.cells[i] = 0.0f;
}

void Grid::clear() { clear_grid(*this); }
