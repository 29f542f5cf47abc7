#include "kern.h"
namespace gen {
template <class QdIndex>
static __global__ void __launch_bounds__(256)
lap_lb256(int qd_begin0, int qd_begin1, int qd_begin2, const qd::detail::CollapsedSpace<3> qd_space, const std::uint64_t qd_row_count, const float * u, float * v, int n) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<3, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int z = static_cast<int>(qd_begin0 + static_cast<int>(qd_at.index[0]));
    [[maybe_unused]] int x = static_cast<int>(qd_begin2 + static_cast<int>(qd_at.index[2]));
    const QdIndex qd_row0 = qd_at.index[1] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<const long, 4> qd_rows0_i;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& i = qd_rows0_i[qd_r]; i = (long(z) * n + y) * n + x;
      }
      qd::detail::row_copies<float, 4> qd_value0;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        qd_value0[qd_r] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
                       u[i + long(n) * n] - 6.f * u[i];
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        v[i] = qd_value0[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row));

{
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }

      }
    }
  }
}

template <class QdIndex>
static __global__ void __launch_bounds__(256, 6)
lap_lb256_6(int qd_begin0, int qd_begin1, int qd_begin2, const qd::detail::CollapsedSpace<3> qd_space, const std::uint64_t qd_row_count, const float * u, float * v, int n) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<3, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int z = static_cast<int>(qd_begin0 + static_cast<int>(qd_at.index[0]));
    [[maybe_unused]] int x = static_cast<int>(qd_begin2 + static_cast<int>(qd_at.index[2]));
    const QdIndex qd_row0 = qd_at.index[1] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<const long, 4> qd_rows0_i;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& i = qd_rows0_i[qd_r]; i = (long(z) * n + y) * n + x;
      }
      qd::detail::row_copies<float, 4> qd_value0;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        qd_value0[qd_r] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
                       u[i + long(n) * n] - 6.f * u[i];
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        v[i] = qd_value0[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row));

{
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }

      }
    }
  }
}

template <class QdIndex>
static __global__ void __launch_bounds__(256, 7)
lap_lb256_7(int qd_begin0, int qd_begin1, int qd_begin2, const qd::detail::CollapsedSpace<3> qd_space, const std::uint64_t qd_row_count, const float * u, float * v, int n) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<3, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int z = static_cast<int>(qd_begin0 + static_cast<int>(qd_at.index[0]));
    [[maybe_unused]] int x = static_cast<int>(qd_begin2 + static_cast<int>(qd_at.index[2]));
    const QdIndex qd_row0 = qd_at.index[1] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<const long, 4> qd_rows0_i;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& i = qd_rows0_i[qd_r]; i = (long(z) * n + y) * n + x;
      }
      qd::detail::row_copies<float, 4> qd_value0;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        qd_value0[qd_r] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
                       u[i + long(n) * n] - 6.f * u[i];
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        v[i] = qd_value0[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row));

{
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }

      }
    }
  }
}

template <class QdIndex>
static __global__ void __launch_bounds__(256, 8)
lap_lb256_8(int qd_begin0, int qd_begin1, int qd_begin2, const qd::detail::CollapsedSpace<3> qd_space, const std::uint64_t qd_row_count, const float * u, float * v, int n) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<3, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int z = static_cast<int>(qd_begin0 + static_cast<int>(qd_at.index[0]));
    [[maybe_unused]] int x = static_cast<int>(qd_begin2 + static_cast<int>(qd_at.index[2]));
    const QdIndex qd_row0 = qd_at.index[1] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<const long, 4> qd_rows0_i;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& i = qd_rows0_i[qd_r]; i = (long(z) * n + y) * n + x;
      }
      qd::detail::row_copies<float, 4> qd_value0;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        qd_value0[qd_r] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
                       u[i + long(n) * n] - 6.f * u[i];
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        v[i] = qd_value0[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row));

{
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }

      }
    }
  }
}

template <class QdIndex>
static __global__ void __launch_bounds__(128)
lap_b128(int qd_begin0, int qd_begin1, int qd_begin2, const qd::detail::CollapsedSpace<3> qd_space, const std::uint64_t qd_row_count, const float * u, float * v, int n) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<3, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int z = static_cast<int>(qd_begin0 + static_cast<int>(qd_at.index[0]));
    [[maybe_unused]] int x = static_cast<int>(qd_begin2 + static_cast<int>(qd_at.index[2]));
    const QdIndex qd_row0 = qd_at.index[1] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<const long, 4> qd_rows0_i;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& i = qd_rows0_i[qd_r]; i = (long(z) * n + y) * n + x;
      }
      qd::detail::row_copies<float, 4> qd_value0;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        qd_value0[qd_r] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
                       u[i + long(n) * n] - 6.f * u[i];
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        v[i] = qd_value0[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row));

{
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }

      }
    }
  }
}

template <class QdIndex>
static __global__ void __launch_bounds__(512)
lap_b512(int qd_begin0, int qd_begin1, int qd_begin2, const qd::detail::CollapsedSpace<3> qd_space, const std::uint64_t qd_row_count, const float * u, float * v, int n) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<3, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int z = static_cast<int>(qd_begin0 + static_cast<int>(qd_at.index[0]));
    [[maybe_unused]] int x = static_cast<int>(qd_begin2 + static_cast<int>(qd_at.index[2]));
    const QdIndex qd_row0 = qd_at.index[1] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<const long, 4> qd_rows0_i;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& i = qd_rows0_i[qd_r]; i = (long(z) * n + y) * n + x;
      }
      qd::detail::row_copies<float, 4> qd_value0;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        qd_value0[qd_r] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
                       u[i + long(n) * n] - 6.f * u[i];
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& i = qd_rows0_i[qd_r];

        v[i] = qd_value0[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin1 + static_cast<int>(qd_row));

{
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }

      }
    }
  }
}

}