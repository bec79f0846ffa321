// Weft's front-end plugin for clang 22 (weft_attributes.so, loaded with -fplugin=):
// makes SYCL 2020's kernel attributes (section 5.8.1) visible to the IR.
// `[[sycl::reqd_work_group_size(...)]]`, `[[sycl::work_group_size_hint(...)]]`,
// `[[sycl::reqd_sub_group_size(N)]]` and `[[sycl::device_has(aspect...)]]` on a kernel
// lambda (after its parameter list) or on a functor's operator() (before the
// declaration) become `annotate("weft.sycl.<name>", args...)` on the call operator,
// which clang lowers into llvm.global.annotations; the pass weft-kernel-attributes
// (kernel_attributes.cpp) turns them into the values the handler reads.
//
// Why this shape: clang lets a plugin add attributes (ParsedAttrInfo) only for
// declarations, and SYCL's lambda position appertains to the call operator's type,
// where clang rejects any non-type attribute with an error. So the attributes are
// not registered under `sycl::`; clang then parses them as unknown attributes (their
// arguments are parsed because a plugin knows the bare names, below) and warns that
// it ignores them. This plugin watches for exactly that warning on a `sycl::` kernel
// attribute: in a lambda's declarator it attaches the annotation to the lambda's call
// operator at once (Sema knows the lambda being built); on a member function it
// records the annotation and attaches it when the class is complete (before any
// template instantiation copies the member). The warning is then not shown.
// Attributes anywhere else keep clang's warning and have no effect. Arguments that
// depend on template parameters are instantiated by clang with the annotation.
// `__WEFT_KERNEL_ATTRIBUTES__` is predefined so Weft's headers know the plugin runs.
//
// DPC++'s own kernel attributes, `[[intel::...]]`, are taken the same way: the two
// SYCL 2020 has under its own name (`intel::reqd_sub_group_size`,
// `intel::reqd_work_group_size`, DPC++'s older spellings) become the `sycl::` ones;
// the others DPC++ documents for kernels (FPGA and compiler hints) become
// `annotate("weft.intel.<name>")` without arguments, which the pass names in a
// remark (-Rpass-missed=weft) as having no effect: programs written for DPC++
// compile unchanged and say what Weft does not do.
#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendPluginRegistry.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Sema/ParsedAttr.h>
#include <clang/Sema/ScopeInfo.h>
#include <clang/Sema/Sema.h>
#include <clang/Sema/SemaConsumer.h>

#include <list>
#include <memory>
#include <string>
#include <vector>

using namespace clang;

namespace {

constexpr const char* kernel_attribute_names[] = {"reqd_work_group_size", "work_group_size_hint", "reqd_sub_group_size",
                                                  "device_has"};
// `[[intel::...]]` spellings of SYCL 2020's attributes.
constexpr const char* intel_sycl_names[] = {"reqd_sub_group_size", "reqd_work_group_size"};
// DPC++'s other kernel attributes: accepted, without effect (the pass says so).
constexpr const char* intel_ignored_names[] = {
    "kernel_args_restrict",  "num_simd_work_items",       "max_work_group_size",       "max_global_work_dim",
    "no_global_work_offset", "scheduler_target_fmax_mhz", "use_stall_enable_clusters", "named_sub_group_size"};

template <std::size_t N>
bool named(const AttributeCommonInfo& a, const char* const (&names)[N]) {
  for (const char* name : names)
    if (a.getAttrName()->isStr(name)) return true;
  return false;
}

bool in_scope(const AttributeCommonInfo& a, const char* scope) {
  return a.getScopeName() && a.getScopeName()->isStr(scope) && a.getAttrName();
}

// An `[[intel::...]]` attribute Weft accepts without acting on it.
bool is_ignored_intel_attribute(const AttributeCommonInfo& a) {
  return in_scope(a, "intel") && named(a, intel_ignored_names);
}

bool is_kernel_attribute(const AttributeCommonInfo& a) {
  if (in_scope(a, "sycl")) return named(a, kernel_attribute_names);
  return in_scope(a, "intel") && (named(a, intel_sycl_names) || named(a, intel_ignored_names));
}

// clang parses the arguments of a scoped plugin attribute only where a plugin knows
// its bare name; these spellings exist for that. Written bare (`[[device_has(...)]]`)
// on a declaration they have no effect and say so.
struct BareNames : ParsedAttrInfo {
  static constexpr Spelling spellings[] = {{ParsedAttr::AS_CXX11, "reqd_work_group_size"},
                                           {ParsedAttr::AS_CXX11, "work_group_size_hint"},
                                           {ParsedAttr::AS_CXX11, "reqd_sub_group_size"},
                                           {ParsedAttr::AS_CXX11, "device_has"}};
  BareNames() {
    OptArgs = 15;
    Spellings = spellings;
  }
  bool isParamExpr(size_t) const override { return true; }
  AttrHandling handleDeclAttribute(Sema& sema, Decl*, const ParsedAttr& attr) const override {
    sema.Diag(attr.getLoc(), diag::warn_unknown_attribute_ignored) << attr << attr.getRange();
    return AttributeNotApplied;
  }
};

struct Pending {
  SourceLocation at;
  AttributeCommonInfo info;
  std::string annotation;
  std::vector<Expr*> args;
};

class Attributes : public SemaConsumer {
 public:
  explicit Attributes(CompilerInstance& ci) : m_ci(ci) {}

  void InitializeSema(Sema& sema) override;
  void ForgetSema() override { m_sema = nullptr; }

  // A class is complete: its members written with a kernel attribute get it.
  void HandleTagDeclDefinition(TagDecl* tag) override {
    auto* record = dyn_cast<CXXRecordDecl>(tag);
    if (!record || m_pending.empty() || !m_sema) return;
    const SourceManager& sources = m_sema->getSourceManager();
    for (Decl* member : record->decls()) {
      auto* method = dyn_cast<CXXMethodDecl>(member);
      if (auto* templ = dyn_cast<FunctionTemplateDecl>(member))
        method = dyn_cast<CXXMethodDecl>(templ->getTemplatedDecl());
      if (!method) continue;
      const SourceRange range = member->getSourceRange();
      for (auto it = m_pending.begin(); it != m_pending.end();) {
        if (!sources.isBeforeInTranslationUnit(it->at, range.getBegin()) &&
            sources.isBeforeInTranslationUnit(it->at, method->getLocation())) {
          method->addAttr(m_sema->CreateAnnotationAttr(it->info, it->annotation, it->args));
          it = m_pending.erase(it);
        } else {
          ++it;
        }
      }
    }
  }

  // The warning clang gives a `sycl::` kernel attribute it does not know (with or
  // without a "did you mean"). Returns
  // true where the attribute was taken (the warning is then dropped).
  bool take(const ParsedAttr& attr);

 private:
  CompilerInstance& m_ci;
  Sema* m_sema = nullptr;
  std::list<Pending> m_pending;
};

// Forwards every diagnostic except the unknown-attribute warning of a kernel
// attribute this plugin takes.
class Filter : public DiagnosticConsumer {
 public:
  Filter(Attributes& owner, DiagnosticConsumer* inner, std::unique_ptr<DiagnosticConsumer> owned)
      : m_owner(owner), m_inner(inner), m_owned(std::move(owned)) {}
  void BeginSourceFile(const LangOptions& options, const Preprocessor* pp) override {
    m_inner->BeginSourceFile(options, pp);
  }
  void EndSourceFile() override { m_inner->EndSourceFile(); }
  void finish() override { m_inner->finish(); }
  void clear() override {
    DiagnosticConsumer::clear();
    m_inner->clear();
  }
  bool IncludeInDiagnosticCounts() const override { return m_inner->IncludeInDiagnosticCounts(); }
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic& info) override {
    if ((info.getID() == diag::warn_unknown_attribute_ignored ||
         info.getID() == diag::warn_unknown_attribute_ignored_suggestion) &&
        info.getNumArgs() > 0 && info.getArgKind(0) == DiagnosticsEngine::ak_attr_info) {
      const auto* attr = reinterpret_cast<const AttributeCommonInfo*>(info.getRawArg(0));
      // An unknown attribute in Sema's hands is always a ParsedAttr.
      if (is_kernel_attribute(*attr) && m_owner.take(*static_cast<const ParsedAttr*>(attr))) return;
    }
    DiagnosticConsumer::HandleDiagnostic(level, info);
    m_inner->HandleDiagnostic(level, info);
  }

 private:
  Attributes& m_owner;
  DiagnosticConsumer* m_inner;
  std::unique_ptr<DiagnosticConsumer> m_owned;
};

void Attributes::InitializeSema(Sema& sema) {
  m_sema = &sema;
  DiagnosticsEngine& diags = m_ci.getDiagnostics();
  const bool owns = diags.ownsClient();
  DiagnosticConsumer* inner = diags.getClient();
  std::unique_ptr<DiagnosticConsumer> owned = owns ? diags.takeClient() : nullptr;
  diags.setClient(new Filter(*this, inner, std::move(owned)), true);
}

bool Attributes::take(const ParsedAttr& attr) {
  if (!m_sema) return false;
  Sema& sema = *m_sema;
  ASTContext& context = sema.Context;
  const bool ignored = is_ignored_intel_attribute(attr);
  // The arguments, as expressions; a lone name was kept as an identifier (clang's
  // rule for arguments of unknown attributes) and is looked up where it was written.
  // An attribute without effect keeps none (clang skipped them: no plugin knows its name).
  std::vector<Expr*> args;
  for (unsigned i = 0; !ignored && i < attr.getNumArgs(); ++i) {
    Expr* e = nullptr;
    if (attr.isArgIdent(i)) {
      IdentifierLoc* name = attr.getArgAsIdent(i);
      CXXScopeSpec scope;
      UnqualifiedId id;
      id.setIdentifier(name->getIdentifierInfo(), name->getLoc());
      ExprResult found = sema.ActOnIdExpression(sema.getCurScope(), scope, SourceLocation(), id, false, false);
      if (found.isInvalid()) return false;
      e = found.get();
    } else {
      e = attr.getArgAsExpr(i);
    }
    if (!e) return false;
    args.push_back(e);
  }
  const std::string annotation = (ignored ? "weft.intel." : "weft.sycl.") + attr.getAttrName()->getName().str();
  // In a lambda's declarator (after its parameters, before its body): the call
  // operator exists and its type is being built from this declarator.
  sema::LambdaScopeInfo* lambda = sema.getCurLambda();
  if (lambda && lambda->CallOperator && lambda->AfterParameterList && lambda->CallOperator->getType().isNull()) {
    // Sema's own annotation path may diagnose; inside a diagnostic, evaluate here.
    for (Expr*& e : args) {
      if (e->isValueDependent() || e->isTypeDependent()) continue;
      if (e->isGLValue())
        e = ImplicitCastExpr::Create(context, e->getType().getNonReferenceType(), CK_LValueToRValue, e, nullptr,
                                     VK_PRValue, FPOptionsOverride());
      Expr::EvalResult value;
      if (!e->getType()->isIntegralOrEnumerationType() || !e->EvaluateAsConstantExpr(value, context) ||
          !value.Val.isInt())
        return false;
      e = ConstantExpr::Create(context, e, value.Val);
    }
    lambda->CallOperator->addAttr(AnnotateAttr::Create(context, annotation, args.data(), args.size(), attr));
    return true;
  }
  // On a declaration in a class: attached when the class is complete.
  if (isa<CXXRecordDecl>(sema.CurContext)) {
    m_pending.push_back({attr.getLoc(), attr, annotation, std::move(args)});
    return true;
  }
  return false;
}

class Action : public PluginASTAction {
 protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, llvm::StringRef) override {
    Preprocessor& pp = ci.getPreprocessor();
    pp.setPredefines(pp.getPredefines() + "#define __WEFT_KERNEL_ATTRIBUTES__ 1\n");
    return std::make_unique<Attributes>(ci);
  }
  bool ParseArgs(const CompilerInstance&, const std::vector<std::string>&) override { return true; }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

}  // namespace

static ParsedAttrInfoRegistry::Add<BareNames> bare_names("weft-sycl-kernel-attributes",
                                                         "SYCL 2020 kernel attributes (bare names)");
static FrontendPluginRegistry::Add<Action> action("weft-kernel-attributes",
                                                  "SYCL 2020 kernel attributes as annotations");
