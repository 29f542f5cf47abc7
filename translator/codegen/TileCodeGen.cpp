// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TileCodeGen.cpp - A product's nest tiled in shared memory ----------===//
//
// Renders a Tiling (TileAnalysis.h) as templates/gpu/device_tiled_product,
// in one or three block tiles (TileShape): 64x64 outputs, 4x4 per thread of
// 256, and, where the analysis allows it (Tiling::Wide), 128x128, 8x8 per
// thread of 256 ("_wide"), and 64x64, 8x8 per thread of 64 ("_mid"). The
// runtime launches the 128x128 one when the nest has one of its tiles for
// each multiprocessor (qd::detail::tiling_fills_device), else the 64x64
// 8x8 one when it has one of those for each, else the 4x4 one, which runs
// more threads on few tiles. On an H200, n = 512, 1024, 2048 and 4096 floats
// ran fastest in 4x4, 64x64 8x8, 128x128 and 128x128 tiles. The statements
// before the product
// loop, its body and the statements after it run once per output of the
// thread, in an unrolled loop over its outputs; the operand reads of the body
// become reads of registers loaded from the block's shared tiles. The locals
// declared before the product loop live in qd::detail::row_copies arrays, one
// element per output, reached through a reference under their own names, so
// the user's statements are copied unchanged.
//
//===----------------------------------------------------------------------===//
#include "analysis/memory/CaptureAnalysis.h"
#include "codegen/KernelCodeGen.h"

using namespace clang;

namespace qd {

/// A block's tile of outputs: side() x side(), Per x Per per thread of the
/// block's Lanes x Lanes threads. A thread's rows are 4
/// neighbouring ones in each 4 * Lanes (its columns alike), so that it reads
/// each operand from shared memory 4 elements at a time. The product loop is
/// staged Chunk iterations at a time.
struct TileShape {
  unsigned Per;
  unsigned Lanes;
  unsigned Chunk;
  const char *Suffix;
  unsigned side() const { return Lanes * Per; }
  unsigned threads() const { return Lanes * Lanes; }
  unsigned outputs() const { return Per * Per; }
  /// The distance between a thread's groups of 4 rows (columns).
  unsigned quadStride() const { return 4 * Lanes; }
  /// Elements of each operand that each thread loads per chunk.
  unsigned loads() const { return side() * Chunk / threads(); }
  /// Output 'qd_o''s row (column) in the tile, of thread 'qd_ty' ('qd_tx').
  std::string rowOffset() const {
    return Per == 4 ? "qd_ty * 4 + qd_o / 4"
                    : "qd_o / 32 * " + std::to_string(quadStride()) +
                          " + qd_ty * 4 + qd_o / 8 % 4";
  }
  std::string columnOffset() const {
    return Per == 4 ? "qd_tx * 4 + qd_o % 4"
                    : "qd_o % 8 / 4 * " + std::to_string(quadStride()) +
                          " + qd_tx * 4 + qd_o % 4";
  }
};

namespace {

std::string outputCopyName(unsigned Index, const VarDecl *Var) {
  return "qd_out" + std::to_string(Index) + "_" + Var->getNameAsString();
}

} // namespace

void KernelCodeGen::addTiledLaunch(const Step &S, TemplateData &Data,
                                   const std::string &LeadingArgs) {
  const Tiling &T = *S.Tile;
  TemplateData Tiled = Data;
  Tiled.set("name", Prefix + "_loop" + std::to_string(NextDeviceFunction++));
  // Without tile(on) the nest tiles only where its 64x64 tiles fill the
  // device, and the 8x8-per-thread ones are as many: a wide nest's 4x4 kernel
  // is for tile(on) alone.
  const bool NeedsNarrow = !T.Wide || T.Explicit;
  const std::string NarrowLaunch =
      NeedsNarrow
          ? renderTiledProduct(S, Tiled, {4, 16, T.Chunk, ""}, LeadingArgs)
          : std::string();
  Tiled.set("wide", T.Wide);
  Tiled.set("explicit", T.Explicit);
  if (!T.Wide) {
    Tiled.set("tiled_launch", NarrowLaunch);
  } else {
    Tiled.set("wide_launch",
              indent(renderTiledProduct(S, Tiled, {8, 16, 8, "_wide"},
                                        LeadingArgs),
                     2));
    const std::string MidLaunch = indent(
        renderTiledProduct(S, Tiled, {8, 8, T.Chunk, "_mid"}, LeadingArgs), 2);
    Tiled.set("mid_launch", MidLaunch);
    Tiled.set("tiled_launch",
              T.Explicit ? indent(NarrowLaunch, 2) : MidLaunch);
  }
  Tiled.set("plain_launch", Data.get("launch")->string_value());
  Data.set("launch",
           indent(renderTemplate(Options.Target, "launch_tiled", Tiled), 4));
}

/// The template's numbers for one tile shape, which the kernel's loops and
/// its launch are written with.
static void setShapeData(const TileShape &Shape, TemplateData &Tiled) {
  Tiled.set("block_dim", std::to_string(Shape.threads()));
  Tiled.set("lanes", std::to_string(Shape.Lanes));
  Tiled.set("quad_stride", std::to_string(Shape.quadStride()));
  // The 128x128 tile fits two blocks per multiprocessor in registers. The
  // 64x64 one of 8x8 would fit more, yet asking for 2 changes how nvcc
  // schedules it: on an H200 at n = 1024, 0.082 ms with 2 (167 registers),
  // 0.111 ms without (153), 0.106 ms with 8 (128, spilling).
  Tiled.set("min_blocks", Shape.Per == 8 ? ", 2" : "");
  const std::string Per = std::to_string(Shape.Per);
  Tiled.set("side", std::to_string(Shape.side()));
  Tiled.set("side_minus_one", std::to_string(Shape.side() - 1));
  Tiled.set("per", Per);
  Tiled.set("quads", std::to_string(Shape.Per / 4));
  Tiled.set("outputs", std::to_string(Shape.outputs()));
  Tiled.set("chunk", std::to_string(Shape.Chunk));
  Tiled.set("loads", std::to_string(Shape.loads()));
  Tiled.set("row_elements", std::to_string(Shape.side() + 4));
  Tiled.set("row_offset", Shape.rowOffset());
  Tiled.set("col_offset", Shape.columnOffset());
  const std::string Spread =
      Shape.Per == 4 ? "4 t + r"
                     : std::to_string(Shape.quadStride()) + " (r / 4) + 4 t + r % 4";
  Tiled.set("row_spread", Spread + " (t = ty, r < " + Per + ")");
  Tiled.set("col_spread", Spread + " (t = tx, r < " + Per + ")");
}

std::string KernelCodeGen::renderTiledProduct(const Step &S,
                                              const TemplateData &Data,
                                              const TileShape &Shape,
                                              const std::string &LeadingArgs) {
  TemplateData Tiled = Data;
  Tiled.set("name", Data.get("name")->string_value() + Shape.Suffix);
  setShapeData(Shape, Tiled);
  setTiledLoops(S, Tiled);
  std::vector<TextEdit> Edits;
  Tiled.set("operands", tiledOperands(S, Shape, Edits));
  setTiledOutputs(S, Shape, Edits, Tiled);
  const std::string Threads = std::to_string(Shape.threads());
  addLaunch(Tiled,
            "qd::detail::grid_size(qd::detail::product_tiles(qd_space, " +
                std::to_string(Shape.side()) + ") * " + Threads + ", " +
                Threads + ", qd_device)",
            LeadingArgs + "qd_space", 2);
  DeviceFunctions +=
      renderTemplate(Options.Target, "device_tiled_product", Tiled) + "\n";
  return Tiled.get("launch")->string_value();
}

void KernelCodeGen::setTiledLoops(const Step &S, TemplateData &Tiled) {
  const LoopForm &Row = S.Loop, &Column = S.Collapsed.front(),
                 &K = S.Tile->Product;
  const std::string KType = spellType(K.Var->getType(), Policy);
  Tiled.set("row_var", Row.Var->getNameAsString());
  Tiled.set("col_var", Column.Var->getNameAsString());
  Tiled.set("row_begin_type", loopBeginType(Row));
  Tiled.set("col_begin_type", loopBeginType(Column));
  Tiled.set("k_var", K.Var->getNameAsString());
  Tiled.set("k_type", KType);
  Tiled.set("k_begin", "static_cast<" + KType + ">(" +
                           text(K.Begin->getSourceRange()) + ")");
  Tiled.set("k_count", loopCount(K, "qd_kbegin", /*Checked=*/false));
  // A loop over a type of at most 32 bits runs fewer than 2^32 times.
  Tiled.set("chunk_index", Context.getTypeSize(K.Var->getType()) <= 32
                               ? "unsigned"
                               : "std::uint64_t");
}

TemplateData KernelCodeGen::tiledOperands(const Step &S, const TileShape &Shape,
                                          std::vector<TextEdit> &Edits) {
  // A row operand's value for output 'qd_o' is the one of its row
  // (qd_o / Per), a column operand's the one of its column.
  const Tiling &T = *S.Tile;
  const LoopForm &Row = S.Loop, &Column = S.Collapsed.front();
  const std::string RowType = spellType(Row.Var->getType(), Policy);
  const std::string ColumnType = spellType(Column.Var->getType(), Policy);
  const std::string Per = std::to_string(Shape.Per);
  const std::string Chunk = std::to_string(Shape.Chunk);
  const std::string Side = std::to_string(Shape.side());
  TemplateData Operands{TemplateData::type::list};
  for (unsigned I = 0; I < T.Operands.size(); ++I) {
    const TileOperand &Op = T.Operands[I];
    const std::string Index = std::to_string(I);
    const LoopForm &Along = Op.Row ? Row : Column;
    TemplateData D;
    D.set("index", Index);
    D.set("type", spellType(Op.Element, Policy));
    D.set("row", Op.Row);
    D.set("dim", Op.Row ? "0" : "1");
    D.set("origin", Op.Row ? "qd_row0" : "qd_col0");
    D.set("var", Along.Var->getNameAsString());
    D.set("var_type", Op.Row ? RowType : ColumnType);
    // Consecutive threads load consecutive elements: along the product
    // loop for 'a[i * n + k]', along the outputs for 'b[k * m + j]'.
    D.set("lk", Op.LoadAlongProduct ? "qd_l % " + Chunk : "qd_l / " + Side);
    D.set("lo", Op.LoadAlongProduct ? "qd_l / " + Chunk : "qd_l % " + Side);
    D.set("lane", Op.Row ? "qd_ty" : "qd_tx");
    D.set("load", text(Op.Reads.front()->getSourceRange()));
    D.set("user_line", userLine(Op.Reads.front()->getBeginLoc()));
    D.set("generated_line", generatedLine());
    Operands.push_back(D);
    for (const ArraySubscriptExpr *Read : Op.Reads)
      Edits.push_back({CharSourceRange::getTokenRange(Read->getSourceRange()),
                       "qd_frag" + Index + "[qd_o " +
                           (Op.Row ? "/ " : "% ") + Per + "]"});
  }
  return Operands;
}

void KernelCodeGen::setTiledOutputs(const Step &S, const TileShape &Shape,
                                    llvm::ArrayRef<TextEdit> Edits,
                                    TemplateData &Tiled) {
  const Tiling &T = *S.Tile;
  const LoopForm &Row = S.Loop, &Column = S.Collapsed.front(), &K = T.Product;
  const std::string Chunk = std::to_string(Shape.Chunk);
  // Value-initialized: an output outside the nest never assigns its copy,
  // which compilers cannot tell from the reads guarded alike.
  llvm::DenseMap<const VarDecl *, std::string> Copies;
  std::string CopyDecls = typePrelude(S.S);
  for (unsigned I = 0; I < T.OutputLocals.size(); ++I) {
    const VarDecl *Var = T.OutputLocals[I];
    Copies[Var] = outputCopyName(I, Var);
    CopyDecls += "qd::detail::row_copies<" + spellType(Var->getType(), Policy) +
                 ", " + std::to_string(Shape.outputs()) + "> " + Copies[Var] +
                 "{};\n";
  }
  Tiled.set("output_copies", CopyDecls.empty() ? "" : indent(CopyDecls, 4) + "\n");
  const std::string OutputIndex =
      indexDeclaration(Row, "qd_begin0", "qd_row0 + " + Shape.rowOffset()) +
      "\n" +
      indexDeclaration(Column, "qd_begin1", "qd_col0 + " + Shape.columnOffset());
  // The per-output locals that \p Parts use, under their own names.
  auto Bindings = [&](llvm::ArrayRef<const Stmt *> Parts) {
    llvm::SmallPtrSet<const VarDecl *, 8> Used;
    for (const Stmt *Part : Parts) {
      const auto Names = referencedVariables(Part);
      Used.insert(Names.begin(), Names.end());
    }
    std::string Out;
    for (const VarDecl *Var : T.OutputLocals)
      if (Used.count(Var))
        Out += copyBinding(Var, Copies.lookup(Var), "qd_o") + "\n";
    return Out;
  };

  std::string Before;
  for (const Stmt *Part : T.Before) {
    Before += userLine(Part->getBeginLoc()) + "\n";
    const auto *DS = dyn_cast<DeclStmt>(Part);
    if (!DS) {
      Before += statementText(Part) + "\n";
      continue;
    }
    // The declaration is its copies; only the initializers run.
    for (const Decl *D : DS->decls()) {
      const auto *Var = cast<VarDecl>(D);
      Before += copyDeclaration(Var, Copies.lookup(Var), "qd_o") + "\n";
    }
  }
  Tiled.set("has_before", !T.Before.empty());
  Tiled.set("before", indent(Before + generatedLine(), 8));
  Tiled.set("output_index", indent(OutputIndex, 8));

  const Stmt *Body = K.For->getBody();
  const std::string ProductIndex =
      indent(OutputIndex + "\n" + Bindings(Body), 12);
  const std::string ProductBody =
      indent(userLine(Body->getBeginLoc()) + "\n" + editedText(Body, Edits) +
                 "\n" + generatedLine(),
             12);
  // Two copies of each chunk's loop: unrolled and without checks for a
  // full chunk of a tile inside the nest, with them otherwise.
  TemplateData Steps{TemplateData::type::list};
  for (const bool Checked : {false, true}) {
    TemplateData Step;
    Step.set("open", Checked ? "else {" : "if (qd_full && qd_kn == " + Chunk + ") {");
    Step.set("close", "}");
    Step.set("unroll", Checked ? "" : "QD_UNROLL ");
    Step.set("bound", Checked ? "qd_kn" : Chunk);
    Step.set("guard", Checked ? "{\n            if (!qd_valid(qd_o))\n"
                                "              continue;"
                              : "{");
    Step.set("product_index", ProductIndex);
    Step.set("product_body", ProductBody);
    Steps.push_back(Step);
  }
  Tiled.set("steps", Steps);

  std::string After = Bindings(T.After);
  for (const Stmt *Part : T.After)
    After += userLine(Part->getBeginLoc()) + "\n" + statementText(Part) + "\n";
  Tiled.set("has_after", !T.After.empty());
  Tiled.set("after", indent(After + generatedLine(), 8));
}

} // namespace qd
