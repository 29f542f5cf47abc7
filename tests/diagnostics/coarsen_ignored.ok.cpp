#pragma qd kernel
void scale(float* a, int h, int w)
{
    #pragma qd loop collapse(2) coarsen(4)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (x != y)
                a[y * w + x] *= 2.0f;
        }
    #pragma qd loop collapse(2) coarsen(2)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] += 1.0f;
}
