// Write the type.
#pragma qd kernel
template <class T>
void scale(T* x, T factor, int n)
{
    T f2 = factor * factor;
    for (int i = 0; i < n; ++i)
        x[i] *= f2;
}

template void scale<float>(float*, float, int);
