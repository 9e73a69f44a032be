import { MSG_CONTA, type Endereco, type EnderecoLocal } from '@rango/domain';
import { notifications } from '@mantine/notifications';
import { clearEnderecoEscolhido, setEnderecoEscolhido } from '../../../stores/endereco.ts';
import { geocodeEndereco } from '../api/geocode-endereco.ts';

/** A fetched address (cidade as an object) in the form the store keeps. */
export function toEnderecoLocal(e: Endereco): EnderecoLocal {
  return {
    id: e.id,
    cep: e.cep,
    rua: e.rua,
    numero: e.numero,
    bairro: e.bairro,
    cidade: e.cidade.descricao,
    uf: e.uf || e.cidade.uf.sigla,
    complemento: e.complemento,
    detalhe: e.detalhe,
    latitude: e.latitude,
    longitude: e.longitude,
  };
}

const isFetched = (e: EnderecoLocal | Endereco): e is Endereco => typeof e.cidade !== 'string';

const hasPoint = (e: EnderecoLocal) => typeof e.latitude === 'number' && typeof e.longitude === 'number';

/** Counts the choices: only the latest one's geocoding answer may set or clear the address. */
let latestChoice = 0;

/**
 * Makes `endereco` the chosen delivery address with its point (the delivery-fee areas need it).
 * A saved address that already has its point needs no call. A geocoding failure shows the
 * spec's message and clears the chosen address. Resolves true when an address was chosen.
 * A choice overtaken by a newer one (arrowing through the list while geocoding) does nothing
 * when its answer arrives late and resolves false.
 */
export async function chooseEndereco(endereco: EnderecoLocal | Endereco): Promise<boolean> {
  const choice = ++latestChoice;
  const local: EnderecoLocal = isFetched(endereco) ? toEnderecoLocal(endereco) : endereco;
  if (hasPoint(local)) {
    setEnderecoEscolhido(local);
    return true;
  }
  try {
    const { latitude, longitude } = await geocodeEndereco(local);
    if (choice !== latestChoice) return false;
    setEnderecoEscolhido({ ...local, latitude, longitude });
    return true;
  } catch {
    if (choice !== latestChoice) return false;
    clearEnderecoEscolhido();
    notifications.show({ color: 'red', message: MSG_CONTA.erroLocalizarEndereco });
    return false;
  }
}
