// A const array is copied to the device at each call.
const double weights[4] = {0.1, 0.2, 0.3, 0.4};

#pragma qd kernel
void weigh(double* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= weights[i % 4];
}
