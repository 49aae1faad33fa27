// Loaded only when a map is asked for (office-map.tsx imports this file dynamically: on a tap on a
// phone, once in view and idle on a wide screen), so Leaflet never weighs on a page's first load.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Office } from '../../../content/firm';
import type { MapHandle, MapOptions } from './map-types';

export function mountLeafletMap(
  element: HTMLElement,
  offices: Office[],
  options: MapOptions,
): MapHandle {
  const map = L.map(element, { scrollWheelZoom: false });
  L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
    maxZoom: 19,
    attribution:
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  }).addTo(map);

  const markers = new Map<string, L.CircleMarker>();
  for (const office of offices) {
    const marker = L.circleMarker([office.coordinates.lat, office.coordinates.lng], {
      radius: 10,
      color: '#0f2942',
      weight: 3,
      fillColor: '#e2c275',
      fillOpacity: 1,
    })
      .addTo(map)
      .bindTooltip(office.name);
    marker.on('click', () => options.onSelect?.(office.id));
    markers.set(office.id, marker);
  }

  const showAll = () => {
    if (offices.length === 1) {
      const [office] = offices;
      map.setView([office!.coordinates.lat, office!.coordinates.lng], options.singleZoom);
    } else {
      map.setView([options.center.lat, options.center.lng], options.zoom);
    }
  };
  showAll();

  return {
    focus(officeId) {
      const office = offices.find((candidate) => candidate.id === officeId);
      if (!office) return showAll();
      map.setView([office.coordinates.lat, office.coordinates.lng], options.singleZoom);
      if (officeId) markers.get(officeId)?.openTooltip();
    },
    destroy() {
      map.remove();
    },
  };
}
