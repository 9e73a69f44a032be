/**
 * The embedded CEP table: the demo city (São Paulo) around the two seeded establishments, in
 * ViaCEP's answer shape plus a point for the embedded geocoder.
 *
 * Where it comes from: CEPs of public places and streets of São Paulo (the establishments' own,
 * landmarks such as Praça da Sé 01001-000, MASP 01310-200, Praça Charles Miller 01234-010,
 * Memorial da América Latina 01156-001), written from the Correios street ranges as ViaCEP
 * answers them; a few were cross-checked against public addresses. The points are approximate
 * (within a few hundred metres: the middle of the street's stretch, or the landmark), which is
 * all the delivery circles (km) need. The `bairro` of Avenida Pompéia is the seeded fee table's
 * 'Pompeia' (Correios writes 'Vila Pompéia') so the demo's bairro fees match.
 *
 * Coverage: Sabor da Vila's circles (Cerqueira César, Jardim Paulista, Consolação, Bela Vista,
 * Pinheiros, Vila Buarque, República, Sé, Liberdade, Jardim Europa; Vila Mariana's Ibirapuera
 * entrance falls in its no-delivery circle), every bairro of Bella Napoli's fee table (Perdizes,
 * Pompeia, Sumaré, Pacaembu, Água Branca, Barra Funda, Higienópolis, Santa Cecília, Vila
 * Madalena, Lapa), and some places outside every delivery area (Morumbi, Artur Alvim,
 * Interlagos, Rio de Janeiro, Belo Horizonte) so the demo can show 'does not deliver'.
 *
 * To extend: add a row (8-digit CEP with hyphen, the Correios logradouro/bairro/localidade, the
 * two-letter uf, and a point inside the street's stretch); the lookup, the street match and the
 * bairro centroids of the embedded geocoder all derive from this list. Tests in
 * sao-paulo.test.ts keep the rows well-formed and unique.
 */
export interface CepRow {
  cep: string;
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
  lat: number;
  lng: number;
}

const SP = 'São Paulo';

const row = (
  cep: string,
  logradouro: string,
  bairro: string,
  lat: number,
  lng: number,
  localidade = SP,
  uf = 'SP',
): CepRow => ({ cep, logradouro, bairro, localidade, uf, lat, lng });

export const CEP_TABLE: readonly CepRow[] = [
  // ---- Sabor da Vila (Rua Haddock Lobo 595) and its circles: 2.5 km and 5 km ----
  row('01414-001', 'Rua Haddock Lobo', 'Cerqueira César', -23.5627, -46.6656),
  row('01426-001', 'Rua Oscar Freire', 'Jardim Paulista', -23.5662, -46.6688),
  row('01412-000', 'Rua Augusta', 'Cerqueira César', -23.5648, -46.6645),
  row('01415-000', 'Rua Bela Cintra', 'Consolação', -23.5572, -46.6588),
  row('01416-001', 'Rua da Consolação', 'Cerqueira César', -23.5566, -46.6612),
  row('01301-000', 'Rua da Consolação', 'Consolação', -23.5472, -46.6448),
  row('01304-001', 'Rua Augusta', 'Consolação', -23.554, -46.6555),
  row('01307-001', 'Rua Frei Caneca', 'Consolação', -23.5536, -46.6527),
  row('01310-000', 'Avenida Paulista', 'Bela Vista', -23.5697, -46.6462),
  row('01310-100', 'Avenida Paulista', 'Bela Vista', -23.5645, -46.6527),
  row('01310-200', 'Avenida Paulista', 'Bela Vista', -23.5614, -46.6559),
  row('01310-300', 'Avenida Paulista', 'Bela Vista', -23.556, -46.6623),
  row('01311-000', 'Avenida Paulista', 'Bela Vista', -23.57, -46.6447),
  row('01311-300', 'Avenida Paulista', 'Bela Vista', -23.5577, -46.661),
  row('01308-050', 'Rua Dona Adma Jafet', 'Bela Vista', -23.5574, -46.6538),
  row('01327-000', 'Rua Treze de Maio', 'Bela Vista', -23.56, -46.6445),
  row('01401-000', 'Avenida Brigadeiro Luís Antônio', 'Jardim Paulista', -23.5735, -46.653),
  row('05403-000', 'Avenida Doutor Enéas Carvalho de Aguiar', 'Cerqueira César', -23.5573, -46.6689),
  row('01449-000', 'Avenida Europa', 'Jardim Europa', -23.5752, -46.678),
  row('05409-010', 'Rua Oscar Freire', 'Pinheiros', -23.5583, -46.6768),
  row('05405-000', 'Rua Teodoro Sampaio', 'Pinheiros', -23.557, -46.677),
  row('05401-000', 'Avenida Rebouças', 'Pinheiros', -23.5595, -46.6717),
  row('05402-000', 'Avenida Rebouças', 'Pinheiros', -23.564, -46.678),
  row('05422-001', 'Rua dos Pinheiros', 'Pinheiros', -23.5655, -46.686),
  row('05424-150', 'Rua Paes Leme', 'Pinheiros', -23.5672, -46.6985),
  row('01222-010', 'Rua Maria Antônia', 'Vila Buarque', -23.5462, -46.6505),
  row('01222-020', 'Rua Doutor Vila Nova', 'Vila Buarque', -23.5463, -46.6477),
  row('01046-010', 'Avenida Ipiranga', 'República', -23.546, -46.644),
  row('01037-010', 'Praça Ramos de Azevedo', 'República', -23.5452, -46.6388),
  row('01001-000', 'Praça da Sé', 'Sé', -23.5503, -46.6339),
  row('01503-010', 'Praça da Liberdade', 'Liberdade', -23.5555, -46.6354),
  row('01504-000', 'Rua Vergueiro', 'Liberdade', -23.5713, -46.6393),
  row('01120-010', 'Praça da Luz', 'Luz', -23.5343, -46.6339),
  row('04010-100', 'Rua Domingos de Morais', 'Vila Mariana', -23.5812, -46.6385),
  // Parque Ibirapuera's gate: inside Sabor da Vila's no-delivery circle (null fee).
  row('04094-050', 'Avenida Pedro Álvares Cabral', 'Vila Mariana', -23.5874, -46.6576),

  // ---- Bella Napoli (Rua Monte Alegre 1024) and every bairro of its fee table ----
  row('05014-000', 'Rua Monte Alegre', 'Perdizes', -23.5367, -46.6716),
  row('05013-000', 'Rua Cardoso de Almeida', 'Perdizes', -23.5385, -46.669),
  row('05015-000', 'Rua Ministro Godói', 'Perdizes', -23.5372, -46.6752),
  row('05022-000', 'Avenida Pompéia', 'Pompeia', -23.532, -46.685),
  row('05022-001', 'Avenida Pompéia', 'Pompeia', -23.5368, -46.6862),
  row('01255-000', 'Avenida Doutor Arnaldo', 'Sumaré', -23.5508, -46.6776),
  row('01234-010', 'Praça Charles Miller', 'Pacaembu', -23.5475, -46.665),
  row('01234-000', 'Avenida Pacaembu', 'Pacaembu', -23.539, -46.661),
  row('05001-000', 'Avenida Francisco Matarazzo', 'Água Branca', -23.5268, -46.6706),
  row('05001-200', 'Avenida Francisco Matarazzo', 'Água Branca', -23.5275, -46.6784),
  row('05042-000', 'Rua Clélia', 'Água Branca', -23.5252, -46.6838),
  row('01156-001', 'Avenida Auro Soares de Moura Andrade', 'Barra Funda', -23.5268, -46.6647),
  row('01152-000', 'Rua Barra Funda', 'Barra Funda', -23.5317, -46.6573),
  row('01238-000', 'Avenida Higienópolis', 'Higienópolis', -23.5433, -46.6592),
  row('01240-000', 'Rua Maranhão', 'Higienópolis', -23.5446, -46.6545),
  row('01241-000', 'Rua Piauí', 'Higienópolis', -23.5457, -46.6533),
  row('01227-000', 'Avenida Angélica', 'Santa Cecília', -23.5402, -46.6525),
  row('01226-010', 'Rua das Palmeiras', 'Santa Cecília', -23.5378, -46.6497),
  row('05433-010', 'Rua Aspicuelta', 'Vila Madalena', -23.5557, -46.6902),
  row('05433-000', 'Rua Girassol', 'Vila Madalena', -23.5565, -46.6918),
  row('05436-100', 'Rua Gonçalo Afonso', 'Vila Madalena', -23.5567, -46.688),
  row('05073-000', 'Rua Doze de Outubro', 'Lapa', -23.5225, -46.7043),
  row('05074-000', 'Rua Herbart', 'Lapa', -23.5218, -46.7028),

  // ---- Outside every delivery area ----
  row('05653-070', 'Praça Roberto Gomes Pedrosa', 'Morumbi', -23.6, -46.7203),
  row('08295-005', 'Avenida Miguel Ignácio Curi', 'Artur Alvim', -23.5453, -46.4742),
  row('04801-010', 'Avenida Senador Teotônio Vilela', 'Interlagos', -23.7036, -46.6997),
  row('22021-001', 'Avenida Atlântica', 'Copacabana', -22.9671, -43.1787, 'Rio de Janeiro', 'RJ'),
  row('30140-010', 'Praça da Liberdade', 'Funcionários', -19.932, -43.938, 'Belo Horizonte', 'MG'),
];
