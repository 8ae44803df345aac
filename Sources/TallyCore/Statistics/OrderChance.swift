/// How sure the order of two options ranked next to each other is: the chance, under `LeadModel`, that
/// the higher-ranked option truly has more voters than the next (0 when the model finds them equally
/// popular, so two tied options give each other well under 50%).
package struct OrderChance: Sendable, Equatable {
    /// The option ranked higher (or listed first among tied options).
    package let higher: Int64
    /// The option ranked next.
    package let lower: Int64
    /// The chance, 0...1.
    package let chance: Double
}
