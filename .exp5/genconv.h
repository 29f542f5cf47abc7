namespace genc {
template <class QdIndex>
static __global__ void __launch_bounds__(256)
conv_b256(int qd_begin0, int qd_begin1, const qd::detail::CollapsedSpace<2> qd_space, const std::uint64_t qd_row_count, const float * in, float * out, const float * k, int w) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<2, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int x = static_cast<int>(qd_begin1 + static_cast<int>(qd_at.index[1]));
    const QdIndex qd_row0 = qd_at.index[0] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<float, 4> qd_rows0_s;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& s = qd_rows0_s[qd_r]; s = 0.f;
      }

      for (int dy = -1; dy <= 1; ++dy) {

        for (int dx = -1; dx <= 1; ++dx) {

          qd::detail::row_copies<float, 4> qd_value0;
          QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
            [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
            [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

            qd_value0[qd_r] = in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
          }
          QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
            [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
            [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

            s += qd_value0[qd_r];
          }
        }
      }
      qd::detail::row_copies<float, 4> qd_value1;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

        qd_value1[qd_r] = s;
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

        out[y * w + x] = qd_value1[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row));

{
      float s = 0.f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }

      }
    }
  }
}

template <class QdIndex>
static __global__ void __launch_bounds__(128)
conv_b128(int qd_begin0, int qd_begin1, const qd::detail::CollapsedSpace<2> qd_space, const std::uint64_t qd_row_count, const float * in, float * out, const float * k, int w) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<2, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int x = static_cast<int>(qd_begin1 + static_cast<int>(qd_at.index[1]));
    const QdIndex qd_row0 = qd_at.index[0] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<float, 4> qd_rows0_s;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& s = qd_rows0_s[qd_r]; s = 0.f;
      }

      for (int dy = -1; dy <= 1; ++dy) {

        for (int dx = -1; dx <= 1; ++dx) {

          qd::detail::row_copies<float, 4> qd_value0;
          QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
            [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
            [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

            qd_value0[qd_r] = in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
          }
          QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
            [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
            [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

            s += qd_value0[qd_r];
          }
        }
      }
      qd::detail::row_copies<float, 4> qd_value1;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

        qd_value1[qd_r] = s;
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

        out[y * w + x] = qd_value1[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row));

{
      float s = 0.f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }

      }
    }
  }
}

template <class QdIndex>
static __global__ void __launch_bounds__(512)
conv_b512(int qd_begin0, int qd_begin1, const qd::detail::CollapsedSpace<2> qd_space, const std::uint64_t qd_row_count, const float * in, float * out, const float * k, int w) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<2, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int x = static_cast<int>(qd_begin1 + static_cast<int>(qd_at.index[1]));
    const QdIndex qd_row0 = qd_at.index[0] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<float, 4> qd_rows0_s;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& s = qd_rows0_s[qd_r]; s = 0.f;
      }

      for (int dy = -1; dy <= 1; ++dy) {

        for (int dx = -1; dx <= 1; ++dx) {

          qd::detail::row_copies<float, 4> qd_value0;
          QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
            [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
            [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

            qd_value0[qd_r] = in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
          }
          QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
            [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
            [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

            s += qd_value0[qd_r];
          }
        }
      }
      qd::detail::row_copies<float, 4> qd_value1;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

        qd_value1[qd_r] = s;
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

        out[y * w + x] = qd_value1[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row));

{
      float s = 0.f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }

      }
    }
  }
}

template <class QdIndex>
static __global__ void __launch_bounds__(256, 6)
conv_b256_6(int qd_begin0, int qd_begin1, const qd::detail::CollapsedSpace<2> qd_space, const std::uint64_t qd_row_count, const float * in, float * out, const float * k, int w) {
  const QdIndex qd_rows = static_cast<QdIndex>(qd_row_count);
  for (qd::detail::CollapsedCursor<2, QdIndex> qd_at(qd_space, static_cast<QdIndex>(qd::detail::grid_thread()), static_cast<QdIndex>(qd::detail::grid_threads())); qd_at.valid(qd_space); qd_at.advance(qd_space)) {
    [[maybe_unused]] int x = static_cast<int>(qd_begin1 + static_cast<int>(qd_at.index[1]));
    const QdIndex qd_row0 = qd_at.index[0] * 4;
    if (qd_rows - qd_row0 >= 4) {
      qd::detail::row_copies<float, 4> qd_rows0_s;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));

        [[maybe_unused]] auto& s = qd_rows0_s[qd_r]; s = 0.f;
      }

      for (int dy = -1; dy <= 1; ++dy) {

        for (int dx = -1; dx <= 1; ++dx) {

          qd::detail::row_copies<float, 4> qd_value0;
          QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
            [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
            [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

            qd_value0[qd_r] = in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
          }
          QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
            [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
            [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

            s += qd_value0[qd_r];
          }
        }
      }
      qd::detail::row_copies<float, 4> qd_value1;
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

        qd_value1[qd_r] = s;
      }
      QD_UNROLL for (unsigned qd_r = 0; qd_r < 4; ++qd_r) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row0 + qd_r));
        [[maybe_unused]] auto& s = qd_rows0_s[qd_r];

        out[y * w + x] = qd_value1[qd_r];
      }
    } else {
      for (QdIndex qd_row = qd_row0; qd_row < qd_rows; ++qd_row) {
        [[maybe_unused]] int y = static_cast<int>(qd_begin0 + static_cast<int>(qd_row));

{
      float s = 0.f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }

      }
    }
  }
}

}