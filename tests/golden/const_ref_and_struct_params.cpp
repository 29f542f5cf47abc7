// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Struct parameters: a trivially copyable struct by const reference (passed to the device by
// value) and structs by value, including one with an array member and one holding pointers;
// struct members used in loop bodies, in host scalars and in loop bounds.

struct Vec3 {
    float x, y, z;
};

struct Params {
    float dt;
    float drag;
    int count;
    float gravity[3];
};

struct ParticleArrays {
    float* px;
    float* py;
    float* pz;
    float* vx;
    float* vy;
    float* vz;
};

inline float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

#pragma qd kernel
void integrate(ParticleArrays p, const Params& params, Vec3 wind, float* wind_power)
{
    const int n = params.count;                     // host scalar from a const-ref member
    const float keep = 1.0f - params.drag * params.dt;
    for (int i = 0; i < n; ++i) {
        Vec3 v{p.vx[i], p.vy[i], p.vz[i]};
        v.x = keep * v.x + params.dt * (params.gravity[0] + wind.x);
        v.y = keep * v.y + params.dt * (params.gravity[1] + wind.y);
        v.z = keep * v.z + params.dt * (params.gravity[2] + wind.z);
        p.vx[i] = v.x;
        p.vy[i] = v.y;
        p.vz[i] = v.z;
        p.px[i] += params.dt * v.x;
        p.py[i] += params.dt * v.y;
        p.pz[i] += params.dt * v.z;
        wind_power[i] = dot(v, wind);
    }
}

#pragma qd kernel
void apply_offset(float* x, const Vec3& offset, const int& n)
{
    for (int i = 0; i < n; ++i)                     // bound from a `const int&` parameter
        x[i] += offset.x;
}
