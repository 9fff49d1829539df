/// graphql-core 3.3.2's `specified_rules`, in its order (which decides the order of
/// errors). Computed, so that no global state is shared.
package var specifiedRules: [any ValidationRule.Type] {[
  ExecutableDefinitionsRule.self,
  KnownOperationTypesRule.self,
  UniqueOperationNamesRule.self,
  LoneAnonymousOperationRule.self,
  SingleFieldSubscriptionsRule.self,
  KnownTypeNamesRule.self,
  FragmentsOnCompositeTypesRule.self,
  VariablesAreInputTypesRule.self,
  ScalarLeafsRule.self,
  FieldsOnCorrectTypeRule.self,
  UniqueFragmentNamesRule.self,
  KnownFragmentNamesRule.self,
  NoUnusedFragmentsRule.self,
  PossibleFragmentSpreadsRule.self,
  NoFragmentCyclesRule.self,
  UniqueVariableNamesRule.self,
  NoUndefinedVariablesRule.self,
  NoUnusedVariablesRule.self,
  KnownDirectivesRule.self,
  UniqueDirectivesPerLocationRule.self,
  DeferStreamDirectiveOnRootFieldRule.self,
  DeferStreamDirectiveOnValidOperationsRule.self,
  DeferStreamDirectiveLabelRule.self,
  StreamDirectiveOnListFieldRule.self,
  KnownArgumentNamesRule.self,
  UniqueArgumentNamesRule.self,
  ValuesOfCorrectTypeRule.self,
  ProvidedRequiredArgumentsRule.self,
  VariablesInAllowedPositionRule.self,
  OverlappingFieldsCanBeMergedRule.self,
  UniqueInputFieldNamesRule.self,
  MaxIntrospectionDepthRule.self,
]}

/// Relay's rules for its directives (`@required`, `@catch`, `@connection`); `@throwOnFieldError`'s
/// places are checked by `KnownDirectivesRule` from its definition.
package var relayRules: [any ValidationRule.Type] {[
  RequiredDirectiveRule.self,
  CatchDirectiveRule.self,
  StaticArgumentsRule.self,
  ConnectionDirectiveRule.self,
  ListEditDirectiveRule.self,
  FragmentArgumentsRule.self,
  RefetchableDirectiveRule.self,
]}
