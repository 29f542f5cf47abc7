// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The threads of a group share the vector loop's iterations, so no thread
// can stop the others: a 'break' that ends the vector loop is an error. A
// 'break' that ends a loop or a switch inside it is fine.
#pragma qd kernel
void clamp_rows(float* m, const int* kinds, const float* edges, int rows, int cols, float limit)
{
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c) {
            if (m[r * cols + c] != m[r * cols + c])
                break; // expected-error {{'break' is not allowed in a vector loop, whose iterations a group of threads shares; use 'continue' to skip an iteration}}
            if (m[r * cols + c] > limit)
                m[r * cols + c] = limit;
        }
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c) {
            int level = 0;
            switch (kinds[r * cols + c]) {
            case 0:
                m[r * cols + c] = 0.0f;
                break;
            default:
                // Quantize: the first edge above the value ends the search.
                for (int k = 0; k < 4; ++k) {
                    if (m[r * cols + c] < edges[k])
                        break;
                    ++level;
                }
                m[r * cols + c] = static_cast<float>(level);
                break;
            }
            if (kinds[r * cols + c] < 0)
                break; // expected-error {{'break' is not allowed in a vector loop}}
        }
    }
}
