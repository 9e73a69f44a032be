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

/**
 * Makes `endereco` the chosen delivery address with its point (the delivery-fee areas need it).
 * A saved address that already has its point needs no call. A geocoding failure shows the
 * spec's message and clears the chosen address. Resolves true when an address was chosen.
 */
export async function chooseEndereco(endereco: EnderecoLocal | Endereco): Promise<boolean> {
  const local: EnderecoLocal = isFetched(endereco) ? toEnderecoLocal(endereco) : endereco;
  if (hasPoint(local)) {
    setEnderecoEscolhido(local);
    return true;
  }
  try {
    const { latitude, longitude } = await geocodeEndereco(local);
    setEnderecoEscolhido({ ...local, latitude, longitude });
    return true;
  } catch {
    clearEnderecoEscolhido();
    notifications.show({ color: 'red', message: MSG_CONTA.erroLocalizarEndereco });
    return false;
  }
}
